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

/** Adds delta to a counter; call inside the transaction that makes the change. */
export async function bumpCounter(db: Db, name: string, delta: number): Promise<void> {
  await db
    .insertInto('counters')
    .values({ name, value: delta })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + excluded.value` }))
    .execute();
}

/** Several counters in one query (0 for those never written). */
export async function readCounters(db: Db, names: string[]): Promise<number[]> {
  const rows = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', names).execute();
  const values = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return names.map((name) => values.get(name) ?? 0);
}

export async function readCounter(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
