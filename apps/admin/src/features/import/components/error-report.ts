import type { ImportError } from '@shopdesk/contract';
// csv-stringify: the writer the server exports with, so the report quotes as the exports do.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { saveBlob } from '../../../lib/download';

/** The import's errors as CSV: one line per problem, the row's line in the file first. */
export function errorReportCsv(errors: readonly ImportError[]): string {
  return stringify(
    errors.map((error) => [error.row, error.column, error.msg]),
    { header: true, columns: ['row', 'column', 'message'] },
  );
}

/** Saves the report beside the imported file's name: `catalogue.csv` → `catalogue-errors.csv`. */
export function downloadErrorReport(errors: readonly ImportError[], fileName: string): void {
  const base = fileName.replace(/\.csv$/i, '') || 'import';
  saveBlob(new Blob([errorReportCsv(errors)], { type: 'text/csv;charset=utf-8' }), `${base}-errors.csv`);
}
