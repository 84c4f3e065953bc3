import { importMessages } from '@shopdesk/contract';

/** How many data rows the preview shows, and how much of the file it reads for them. */
export const previewRows = 10;
const previewBytes = 256 * 1024;

export type CsvPreview = { columns: string[]; rows: string[][]; more: boolean };

/**
 * The header and the first rows of a CSV file, read in the browser from its first 256 KB (a
 * 50 MB file is not read whole for a look at ten rows). A row the cut might have split is left
 * out. Throws the import's own words for a file that is not CSV.
 */
export async function readPreview(file: Blob): Promise<CsvPreview> {
  const partial = file.size > previewBytes;
  let text = await file.slice(0, previewBytes).text();
  if (partial) text = text.slice(0, text.lastIndexOf('\n') + 1);
  // csv-parse (browser build, sync API): the parser the server reads imports with (api.md §13),
  // so the preview splits rows, quotes, BOM and CRLF exactly as the import will. Papa Parse was
  // the other candidate; one library for both ends keeps their readings from drifting apart.
  // Loaded once a file is chosen: the screen itself draws without it.
  const { parse } = await import('csv-parse/browser/esm/sync');
  let records: string[][];
  try {
    records = parse(text, { bom: true, to: previewRows + 2, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new Error(importMessages.badCsv(error instanceof Error ? error.message : String(error)));
  }
  const [columns, ...rows] = records;
  if (!columns) throw new Error(importMessages.emptyFile);
  return { columns, rows: rows.slice(0, previewRows), more: rows.length > previewRows || partial };
}
