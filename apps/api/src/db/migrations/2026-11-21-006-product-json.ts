import type { Kysely } from 'kysely';

/**
 * Each product's answer text, stored (product-json.ts writes it after every change to the
 * product or its category): a list page reads 25 texts instead of building 25 JSON objects.
 * Null until written; readers build the text themselves for a row that has none yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('json', 'text').execute();
}
