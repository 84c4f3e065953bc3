import { type Kysely, sql } from 'kysely';

/**
 * The stored product texts (`product_list.json`) are now made by the app's one mapping of a
 * product to the contract's shape (product-json.ts), no longer by SQL. They are emptied here,
 * with the marker that says they were filled, so the next start writes every one again from
 * that mapping. Any later change of the product's shape does the same in a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update product_list set json = null`.execute(db);
  await sql`delete from counters where name = 'products:json-stored'`.execute(db);
}
