import { sql } from 'kysely';
import type { Db } from '../create-db';
import type { Database } from '../schema';

/**
 * Multi-row inserts sized to stay under both engines' bind-parameter limits
 * (SQLite 32,766; PostgreSQL 65,535).
 */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perBatch = Math.max(1, Math.floor(30_000 / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += perBatch) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perBatch) as never)
      .execute();
  }
}

/** Adds to summary rows that may already exist (name/day/product → value). */
export async function addToCounters(db: Db, values: Map<string, number>): Promise<void> {
  const rows = [...values].map(([name, value]) => ({ name, value }));
  const perBatch = 10_000;
  for (let i = 0; i < rows.length; i += perBatch) {
    await db
      .insertInto('counters')
      .values(rows.slice(i, i + perBatch))
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + excluded.value` }))
      .execute();
  }
}
