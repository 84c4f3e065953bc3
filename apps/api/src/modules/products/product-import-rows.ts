import {
  csvListSeparator,
  type ImportError,
  importMessages,
  type ProductCsvColumn,
  productCsvColumns,
  productFormSchema,
} from '@shopdesk/contract';
import { countries } from 'countries-list';
import { type Options, parse } from 'csv-parse';

/**
 * Reading an import's CSV (api.md §13). csv-parse (the `csv` project's parser) is the well-kept
 * streaming parser made for this: RFC 4180 quoting (commas, quotes and newlines inside fields),
 * a UTF-8 BOM, CRLF or LF, and the line each record ends on, from which a row's own first line
 * is worked out. It reads the stored file chunk by chunk: memory stays one chunk and one batch.
 */

/** Columns a file may leave out: export writes them, import needs neither. */
const optionalColumns = new Set<ProductCsvColumn>(['id', 'dateCreated']);
const known = new Set<string>(productCsvColumns);

/** The header's problem in the spec's words, or undefined when it names the columns import reads. */
export function headerProblem(header: readonly string[] | undefined): string | undefined {
  if (!header || header.every((name) => name.trim() === '')) return importMessages.emptyFile;
  const names = header.map((name) => name.trim());
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined) return importMessages.unknownColumn(unknown);
  const missing = productCsvColumns.find((column) => !optionalColumns.has(column) && !names.includes(column));
  if (missing) return importMessages.missingColumn(missing);
  return undefined;
}

/** One data row: its first line in the file and its fields by header name. */
export interface CsvRow {
  line: number;
  fields: Partial<Record<ProductCsvColumn, string>>;
}

/** The parser's options: the same for the header check at upload and the job's reading. */
const parserOptions: Options = {
  bom: true,
  info: true,
  skip_empty_lines: true,
  relax_column_count: true,
  // A file may end its lines either way (or, after editing in two programs, both).
  record_delimiter: ['\r\n', '\n'],
};

/** Bytes given to the parser at a time (a few dozen rows). */
const feedBytes = 8 * 1024;

/** Thrown for a file that is not CSV or has a header import cannot read: the job fails with it. */
export class FileProblem extends Error {}

/** The header of the file that begins with `start` (undefined when it has no complete first record yet). */
export async function readHeader(start: Buffer): Promise<string[] | undefined> {
  const parser = parse({ ...parserOptions, to_line: 1 });
  const records: string[][] = [];
  parser.on('data', (entry: { record: string[] }) => records.push(entry.record));
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  parser.end(start);
  await ended.catch(() => {});
  return records[0];
}

/**
 * The rows of a CSV file given as chunks, from the first data row on; `skip` rows are passed
 * over (a resumed job). Throws FileProblem for a header import cannot read or broken quoting.
 */
export async function* csvRows(chunks: AsyncIterable<Buffer>, skip = 0): AsyncGenerator<CsvRow> {
  const parser = parse(parserOptions);
  const feeding = (async () => {
    for await (const chunk of chunks) {
      // Fed in small slices: the parser turns a whole slice into records at once, so the
      // records waiting to be read stay a few dozen, not a 1 MB chunk's thousands.
      for (let at = 0; at < chunk.length; at += feedBytes) {
        // A reader that stopped early (a job stopping) destroys the parser: feeding stops too.
        if (parser.destroyed) return;
        if (!parser.write(chunk.subarray(at, at + feedBytes))) {
          await new Promise((resolve) => {
            parser.once('drain', resolve);
            parser.once('close', resolve);
          });
        }
      }
    }
    if (!parser.destroyed) parser.end();
  })();
  feeding.catch((error: unknown) => parser.destroy(error as Error));
  let header: string[] | undefined;
  let seen = 0;
  try {
    for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record, info } = entry;
      if (!header) {
        const problem = headerProblem(record);
        if (problem) throw new FileProblem(problem);
        header = record.map((name) => name.trim());
        continue;
      }
      seen += 1;
      if (seen <= skip) continue;
      // The parser gives the line a record ends on; a quoted field's newlines come before it.
      let inside = 0;
      for (const field of record)
        for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) inside += 1;
      const fields: CsvRow['fields'] = {};
      for (const [index, name] of header.entries()) fields[name as ProductCsvColumn] = record[index] ?? '';
      yield { line: info.lines - inside, fields };
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const code = (error as { code?: string }).code;
    if (code?.startsWith('CSV_')) throw new FileProblem(importMessages.badCsv((error as Error).message));
    throw error;
  } finally {
    parser.destroy();
  }
  if (!header) throw new FileProblem(importMessages.emptyFile);
}

/** The header name of a product form field, for a row error's `column`. */
const columnOfField: Record<string, ProductCsvColumn> = { category: 'category', subCatId: 'subCategory' };
/** A stand-in for an image entry while the form's rules (1 to 50 entries) are checked. */
const anyUpload = '/uploads/products/000000000000000000000000.png';

const listOf = (text: string | undefined) =>
  (text ?? '')
    .split(csvListSeparator)
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** What a row says, checked by the product form's rules; names (categories, countries, images) still to resolve. */
export interface CheckedRow {
  line: number;
  id: string;
  values: {
    name: string;
    description: string;
    brand: string;
    price: number;
    oldPrice: number;
    countInStock: number;
    rating: number;
    isFeatured: boolean;
    discount: number;
    productRam: string[];
    size: string[];
    productWeight: string[];
  };
  category: string;
  subCategory: string;
  location: Array<{ value: string; label: string }>;
  images: string[];
}

/** 'All' comes before the countries in the spec's location list (§2). */
const everywhere = 'All';

/** Checks a row with `productFormSchema` (the spec's words); every problem with its column. */
export function checkRow(row: CsvRow): { row: CheckedRow } | { errors: ImportError[] } {
  const f = row.fields;
  const images = listOf(f.images);
  const form = {
    name: f.name,
    description: f.description,
    brand: f.brand,
    price: f.price,
    oldPrice: f.oldPrice,
    category: f.category?.trim() ? 'named' : '',
    countInStock: f.countInStock,
    rating: f.rating,
    isFeatured: f.isFeatured?.trim().toLowerCase(),
    discount: f.discount,
    images: images.map(() => anyUpload),
    productRam: listOf(f.productRam),
    size: listOf(f.size),
    productWeight: listOf(f.productWeight),
  };
  const errors: ImportError[] = [];
  const parsed = productFormSchema.safeParse(form);
  if (!parsed.success) {
    const columns = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      const column = columnOfField[field] ?? field;
      if (columns.has(column)) continue;
      columns.add(column);
      errors.push({ row: row.line, column, msg: issue.message });
    }
  }
  const location: CheckedRow['location'] = [];
  for (const code of listOf(f.location)) {
    const upper = code.toUpperCase();
    const country = countries[upper as keyof typeof countries];
    if (upper === everywhere.toUpperCase()) location.push({ value: everywhere, label: everywhere });
    else if (country) location.push({ value: upper, label: country.name });
    else {
      errors.push({ row: row.line, column: 'location', msg: importMessages.unknownCountry(code) });
      break;
    }
  }
  if (errors.length > 0 || !parsed.success) return { errors };
  const input = parsed.data;
  return {
    row: {
      line: row.line,
      id: f.id?.trim() ?? '',
      values: {
        name: input.name,
        description: input.description,
        brand: input.brand,
        price: input.price,
        oldPrice: input.oldPrice,
        countInStock: input.countInStock,
        rating: input.rating,
        isFeatured: input.isFeatured,
        discount: input.discount,
        productRam: input.productRam,
        size: input.size,
        productWeight: input.productWeight,
      },
      category: f.category?.trim() ?? '',
      subCategory: f.subCategory?.trim() ?? '',
      location,
      images,
    },
  };
}
