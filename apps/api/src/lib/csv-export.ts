import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A CSV answer (api.md §13) written from rows as they are read: `rows` yields pages of records
 * (each an array of field texts in header order) and is asked for the next page only when the
 * client has taken the bytes of the last one (stream back-pressure), so memory stays that of a
 * page whatever the file's size.
 *
 * csv-stringify (the node-csv project's writer, the counterpart of the csv-parse the import
 * uses) writes RFC 4180: a field holding a comma, a double quote, CR or LF is quoted and its
 * quotes doubled; records end with CRLF, as the RFC says; no BOM. Formula escaping
 * (`escape_formulas`) stays off: it would change the values, and importing the file back must
 * give the same product.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  pages: AsyncIterable<string[][]>,
): FastifyReply {
  async function* records() {
    for await (const page of pages) yield* page;
  }
  const writer = stringify({ header: true, columns: [...header], record_delimiter: 'windows' });
  // A read that fails mid-file ends the answer early (its status is sent already); the error is logged.
  const csv = pipeline(Readable.from(records()), writer, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV export ended early');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** `products-2026-11-26.csv`: the export's name, by the server's day (UTC). */
export const csvFileName = (what: string, now: number) => `${what}-${new Date(now).toISOString().slice(0, 10)}.csv`;
