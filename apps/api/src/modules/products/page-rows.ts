import { type CompiledQuery, sql } from 'kysely';
import type { Db, DbHandle } from '../../db/create-db';
import { perTurnLoader } from '../../lib/per-turn-loader';

/** The sort keys of `product_list`, each with an index ending in id. */
export type SortColumn = 'id' | 'name' | 'price' | 'rating' | 'count_in_stock';

/** One list page's rows to read from `product_list`, in the sort's order. */
export interface PageRowsRequest {
  catId?: string | undefined;
  column: SortColumn;
  order: 'asc' | 'desc';
  limit: number;
  /** Where the walk starts (inclusive, in the page's order): a page mark's sort key and id; none: the start. */
  from?: { value: string | number; id: string } | undefined;
  /** Entries to skip from there. */
  skip: number;
}

/** A product's id and stored answer text (null for a row written before texts were stored). */
export interface PageRow {
  id: string;
  json: string | null;
}

/**
 * One page as read: its products' stored answer texts in page order, joined with ',' (the
 * page's JSON array without its brackets; '' for no products), or, when one of them has no
 * stored text (a row written before texts were stored), the page's ids in order, from which the
 * caller makes the answers.
 */
export type PageRead = { texts: string } | { texts: null; ids: string[] };

/** Reads one page; how (one statement each, or several pages in one) is the engine's. */
export type PageRows = (request: PageRowsRequest) => Promise<PageRead>;

/** A page from its rows, in page order. */
export function pageOf(rows: readonly PageRow[]): PageRead {
  const stored = rows.filter((row): row is { id: string; json: string } => row.json !== null);
  return stored.length === rows.length
    ? { texts: stored.map((row) => row.json).join(',') }
    : { texts: null, ids: rows.map((row) => row.id) };
}

/** The comparison that starts a walk at its mark, in the page's order. */
const fromMark = (order: 'asc' | 'desc') => sql.raw(order === 'asc' ? '>=' : '<=');

/** One page, one statement: an index walk from the mark. Values are bound, so each shape is one prepared text. */
export function pageRowsQuery(db: Db, request: PageRowsRequest): CompiledQuery<PageRow> {
  const { column, order, from } = request;
  let query = db.selectFrom('product_list').select(['id', 'json']);
  if (request.catId) query = query.where('cat_id', '=', request.catId);
  if (from) {
    query =
      column === 'id'
        ? query.where(sql<boolean>`id ${fromMark(order)} ${from.id}`)
        : query.where(sql<boolean>`(${sql.ref(column)}, id) ${fromMark(order)} (${from.value}, ${from.id})`);
  }
  if (column !== 'id') query = query.orderBy(column, order);
  return query.orderBy('id', order).limit(request.limit).offset(request.skip).compile();
}

/** SQLite: each page is its own statement (in-process, no round trip to save). */
export function singlePageRows(db: Db, prepared: DbHandle['prepared']): PageRows {
  return async (request) => pageOf(await prepared(pageRowsQuery(db, request)));
}

/** PostgreSQL's array element type of each sort key's column (`product_list`'s migrations). */
const keyTypes: Record<SortColumn, string> = {
  id: 'text',
  name: 'text',
  price: 'float8',
  rating: 'float8',
  count_in_stock: 'int4',
};

/** Requests that one statement can serve together: the same text, different values. */
const shapeOf = (request: PageRowsRequest) =>
  `${request.column}|${request.order}|${request.catId ? 'cat' : ''}|${request.from ? 'from' : ''}`;

/**
 * PostgreSQL: several pages of one shape in one statement, one row a page. Each request is a row
 * of `unnest` over arrays of its values (`with ordinality` numbers them); for each, a LATERAL
 * subquery is the same index walk as `pageRowsQuery`, and its rows are joined into the page's
 * texts by `string_agg` with the page's ORDER BY (so page order is SQL's), with the number of
 * its rows that have no stored text (the reader reads such a page again by its rows). One row
 * of ~25 KB a page instead of 25 rows: no sort of the batch's rows, and a 25th of the protocol
 * and parsing per product (measured in docs/architecture.md, "Measurements behind the design").
 */
export function pageRowsBatchQuery(
  db: Db,
  requests: readonly PageRowsRequest[],
): CompiledQuery<{ n: string | number; texts: string; missing: number }> {
  const [first] = requests;
  if (!first) throw new Error('a batch has at least one page');
  const { column, order } = first;
  const dir = sql.raw(order);
  const key = column === 'id' ? undefined : sql.ref(`p.${column}`);
  const arrays = [
    sql`${requests.map((r) => r.limit)}::int4[]`,
    sql`${requests.map((r) => r.skip)}::int4[]`,
    ...(first.catId ? [sql`${requests.map((r) => r.catId ?? '')}::text[]`] : []),
    ...(first.from
      ? [
          sql`${requests.map((r) => r.from?.value ?? null)}::${sql.raw(keyTypes[column])}[]`,
          sql`${requests.map((r) => r.from?.id ?? '')}::text[]`,
        ]
      : []),
  ];
  const names = ['lim', 'skip', ...(first.catId ? ['cat_id'] : []), ...(first.from ? ['value', 'id'] : []), 'n'];
  const conditions = [
    ...(first.catId ? [sql`p.cat_id = b.cat_id`] : []),
    ...(first.from
      ? [key ? sql`(${key}, p.id) ${fromMark(order)} (b.value, b.id)` : sql`p.id ${fromMark(order)} b.id`]
      : []),
  ];
  const pageOrder = key ? sql`${key} ${dir}, p.id ${dir}` : sql`p.id ${dir}`;
  const rowOrder = key ? sql`w.key ${dir}, w.id ${dir}` : sql`w.id ${dir}`;
  return sql<{ n: string | number; texts: string; missing: number }>`select b.n, page.texts, page.missing
    from unnest(${sql.join(arrays)}) with ordinality as b(${sql.join(names.map((name) => sql.ref(name)))})
    cross join lateral (
      select coalesce(string_agg(w.json, ',' order by ${rowOrder}), '') as texts,
        (count(*) - count(w.json))::int4 as missing
      from (
        select p.id, p.json${key ? sql`, ${key} as key` : sql``} from product_list p
        ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
        order by ${pageOrder} limit b.lim offset b.skip
      ) w
    ) page`.compile(db);
}

/** At most this many pages in one statement; more in one turn make more statements. */
const maxBatch = 64;

/**
 * PostgreSQL: the deep pages that the requests of one turn of the event loop ask for are read
 * together, one statement per shape (perTurnLoader, as sessions are: session-batch.ts). Under
 * load the requests of one turn continue from the same session batch into their page reads, so
 * one round trip serves many pages (measured in docs/architecture.md, "Measurements behind the
 * design").
 */
export function batchedPageRows(db: Db, prepared: DbHandle['prepared']): PageRows {
  return perTurnLoader<PageRowsRequest, PageRead>(async (requests) => {
    const unanswered = new Error('the page statement gave no row for this page');
    const results: Array<PageRead | Error> = requests.map(() => unanswered);
    const shapes = new Map<string, number[]>();
    requests.forEach((request, index) => {
      const key = shapeOf(request);
      const same = shapes.get(key);
      if (same) same.push(index);
      else shapes.set(key, [index]);
    });
    await Promise.all(
      [...shapes.values()].map(async (indexes) => {
        const group = indexes.map((index) => requests[index] as PageRowsRequest);
        try {
          if (group.length === 1) {
            results[indexes[0] as number] = pageOf(await prepared(pageRowsQuery(db, group[0] as PageRowsRequest)));
            return;
          }
          const rows = await prepared(pageRowsBatchQuery(db, group));
          for (const row of rows) {
            const at = Number(row.n) - 1;
            // A product without its stored text (rare: written before texts were stored): the
            // page is read again by its rows, which name the products to make answers from.
            results[indexes[at] as number] =
              row.missing > 0
                ? pageOf(await prepared(pageRowsQuery(db, group[at] as PageRowsRequest)))
                : { texts: row.texts };
          }
        } catch (error) {
          for (const index of indexes) results[index] = error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
    return results;
  }, maxBatch);
}
