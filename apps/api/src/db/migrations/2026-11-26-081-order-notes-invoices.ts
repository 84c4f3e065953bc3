import { type Kysely, sql } from 'kysely';

/**
 * An order's notes and invoice number (api.md §15, issue 20). A note is kept with who wrote it;
 * the order counts its notes, so adding one is a change of the order the activity log records.
 * Invoice numbers come from the `invoices` counter, given in the transaction that keeps them on
 * the order: unique, and with no gap (a transaction that loses the race rolls its number back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order_at').on('order_notes').columns(['order_id', 'at']).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('note_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_number', 'integer').execute();
  await db.schema
    .createIndex('orders_invoice_number')
    .unique()
    .on('orders')
    .column('invoice_number')
    .where(sql.ref('invoice_number'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_invoice_number').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_number').execute();
  await db.schema.alterTable('orders').dropColumn('note_count').execute();
  await db.schema.dropTable('order_notes').execute();
}
