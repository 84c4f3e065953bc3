import { sql } from 'kysely';
import type { Db } from './create-db';

/** Names of the maintained counts. */
export const counterNames = {
  products: 'products',
  /** Bumped by every product insert, update and delete: retires cached page marks. */
  productsVersion: 'products:version',
  /** Set once every product row has its stored answer text (product-json.ts). */
  productJsonStored: 'products:json-stored',
  reviews: 'reviews',
  orders: 'orders',
  /** Orders per status: `orders:pending`, `orders:confirm`, … (`orders:` for none). */
  ordersWithStatus: (status: string) => `orders:${status}`,
} as const;

/**
 * Order counters change with every order written, by many requests at once. PostgreSQL holds a
 * row's lock until the transaction commits, so one row per counter would make concurrent
 * order writes wait for each other's commits. They are spread over this many rows
 * (`name#0` … `name#31`), each write picking one; a count is the sum of its rows.
 */
const spreadRows = 32;
const spreadCounters = new Set<string>([counterNames.orders]);
const isSpread = (name: string) => spreadCounters.has(name) || name.startsWith('orders:');

/**
 * Adds to counters; call inside the transaction that makes the change. Rows are written in
 * name order, so two transactions never wait for each other's rows crosswise (a deadlock).
 */
export async function bumpCounters(db: Db, changes: ReadonlyArray<readonly [name: string, delta: number]>) {
  const byRow = new Map<string, number>();
  for (const [name, delta] of changes) {
    const row = isSpread(name) ? `${name}#${Math.floor(Math.random() * spreadRows)}` : name;
    byRow.set(row, (byRow.get(row) ?? 0) + delta);
  }
  const rows = [...byRow]
    .filter(([, value]) => value !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => ({ name, value }));
  if (rows.length === 0) return;
  // One statement: the rows' locks are taken in this order and held for as short as can be.
  await db
    .insertInto('counters')
    .values(rows)
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + excluded.value` }))
    .execute();
}

/** Adds delta to a counter; call inside the transaction that makes the change. */
export function bumpCounter(db: Db, name: string, delta: number): Promise<void> {
  return bumpCounters(db, [[name, delta]]);
}

/** Several counters in one query (0 for those never written); a spread counter is the sum of its rows. */
export async function readCounters(db: Db, names: string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('counters')
    .select(['name', 'value'])
    .where((eb) =>
      eb.or(
        names.flatMap((name) => [
          eb('name', '=', name),
          // `name#0` … `name#31`: '$' is the character after '#'.
          eb.and([eb('name', '>=', `${name}#`), eb('name', '<', `${name}$`)]),
        ]),
      ),
    )
    .execute();
  const values = new Map<string, number>();
  for (const row of rows) {
    const name = row.name.replace(/#\d+$/, '');
    values.set(name, (values.get(name) ?? 0) + Number(row.value));
  }
  return names.map((name) => values.get(name) ?? 0);
}

export async function readCounter(db: Db, name: string): Promise<number> {
  const [value] = await readCounters(db, [name]);
  return value ?? 0;
}
