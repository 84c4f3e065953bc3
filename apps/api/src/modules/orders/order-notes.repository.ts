import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { OrderNotesTable } from '../../db/schema';

export type OrderNoteRow = Selectable<OrderNotesTable>;

/** Keeps the note and counts it on the order (the order's change the activity log sees). */
export async function insertNote(db: Db, row: Insertable<OrderNotesTable>) {
  await db.insertInto('order_notes').values(row).execute();
  await db.updateTable('orders').set({ note_count: sql`note_count + 1` }).where('id', '=', row.order_id).execute();
}

export function notesOf(db: Db, orderId: string): Promise<OrderNoteRow[]> {
  return db.selectFrom('order_notes').selectAll().where('order_id', '=', orderId).orderBy('at').orderBy('id').execute();
}

/** Gives the order its invoice number unless it has one already; answers whether it did. */
export async function giveInvoiceNumber(db: Db, orderId: string, invoiceNumber: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ invoice_number: invoiceNumber })
    .where('id', '=', orderId)
    .where('invoice_number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
