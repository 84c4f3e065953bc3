import type { ImportError } from '@shopdesk/contract';
import { saveBlob } from '../../../lib/download';

/** The import's errors as CSV: one line per problem, the row's line in the file first. */
export async function errorReportCsv(errors: readonly ImportError[]): Promise<string> {
  // csv-stringify: the writer the server exports with, so the report quotes as the exports do;
  // loaded on the click, as most imports end without errors.
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  return stringify(
    errors.map((error) => [error.row, error.column, error.msg]),
    // A header name or message starting with = + - @ would run as a formula in a spreadsheet.
    { header: true, columns: ['row', 'column', 'message'], escape_formulas: true },
  );
}

/** Saves the report beside the imported file's name: `catalogue.csv` → `catalogue-errors.csv`. */
export async function downloadErrorReport(errors: readonly ImportError[], fileName: string): Promise<void> {
  const base = fileName.replace(/\.csv$/i, '') || 'import';
  const text = await errorReportCsv(errors);
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${base}-errors.csv`);
}
