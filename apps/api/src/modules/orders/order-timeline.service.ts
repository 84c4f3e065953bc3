import {
  type ActivityActor,
  type OrderStatus,
  type OrderTimelineEntry,
  orderPageMessages,
  orderStatuses,
} from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { newId, nowIso } from '../../lib/ids';
import type { ActivityRow } from '../activity/activity.repository';
import { historyOfRecord } from '../activity/activity.repository';
import { insertNote, notesOf, type OrderNoteRow } from './order-notes.repository';
import { getOrder } from './orders.service';

/** How an edit names the fields it changed (the order's fields as the Orders List labels them). */
const fieldWords: Record<string, string> = {
  paymentId: 'payment id',
  name: 'name',
  phoneNumber: 'phone number',
  address: 'address',
  pincode: 'pincode',
  amount: 'amount (products)',
  email: 'email',
  userId: 'user',
};
/** Changes that are not edits of the order: a note (shown itself) and the invoice number. */
const notEdits = new Set(['noteCount', 'status', 'invoiceNumber']);

const actorOf = (row: { actor_id: string | null; actor_name: string; actor_email: string }): ActivityActor | null =>
  row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name, email: row.actor_email };

const statusOf = (value: unknown): OrderStatus | null =>
  (orderStatuses as readonly unknown[]).includes(value) ? (value as OrderStatus) : null;

const noteEntry = (note: OrderNoteRow): OrderTimelineEntry => ({
  at: note.at,
  kind: 'note',
  actor: actorOf(note),
  text: note.text,
  from: null,
  to: null,
});

/** The timeline entries one activity entry of the order makes; a note's entry shows the note. */
function fromActivity(row: ActivityRow, notes: OrderNoteRow[]): OrderTimelineEntry[] {
  const base = { at: row.at, actor: actorOf(row), from: null, to: null };
  if (row.action === 'create') return [{ ...base, kind: 'created', text: orderPageMessages.placed }];
  const changes = JSON.parse(row.changes) as Record<string, [unknown, unknown]>;
  const entries: OrderTimelineEntry[] = [];
  const note = changes.noteCount ? notes.shift() : undefined;
  if (note) entries.push(noteEntry(note));
  const status = changes.status;
  if (status) {
    const [from, to] = [statusOf(status[0]), statusOf(status[1])];
    entries.push({ ...base, kind: 'status', text: `Status: ${from || 'none'} → ${to || 'none'}`, from, to });
  }
  const invoice = changes.invoiceNumber;
  if (invoice) entries.push({ ...base, kind: 'edit', text: `Invoice ${String(invoice[1])} issued` });
  const edited = Object.keys(changes).filter((field) => !notEdits.has(field));
  if (edited.length > 0) {
    entries.push({ ...base, kind: 'edit', text: orderPageMessages.edited(edited.map((f) => fieldWords[f] ?? f)) });
  }
  return entries;
}

/**
 * `GET /api/orders/:id/timeline` (api.md §15), oldest first, in the activity log's own order
 * (entries of one millisecond keep the order they were written in): placed, status changes,
 * edits, and each note where the log records it was added. An order placed before the log
 * existed (the demo shop) is shown placed at its date, by nobody known.
 */
export async function orderTimeline(ctx: AppContext, id: string): Promise<OrderTimelineEntry[]> {
  const order = await getOrder(ctx, id);
  const [history, notes] = await Promise.all([historyOfRecord(ctx.db, 'order', id), notesOf(ctx.db, id)]);
  const entries = history.flatMap((row) => fromActivity(row, notes));
  if (!history.some((row) => row.action === 'create')) {
    entries.unshift({
      at: order.date,
      kind: 'created',
      actor: null,
      text: orderPageMessages.placed,
      from: null,
      to: null,
    });
  }
  // Notes the log does not name (none are added without an entry): shown last.
  return [...entries, ...notes.map(noteEntry)];
}

/** `POST /api/orders/:id/notes`: the note, written by the caller, as its timeline entry. */
export async function addOrderNote(ctx: AppContext, caller: Caller, id: string, text: string) {
  await getOrder(ctx, id);
  const at = nowIso(ctx.clock);
  await ctx.transaction((trx) =>
    insertNote(trx, {
      id: newId(),
      order_id: id,
      at,
      actor_id: caller.id,
      actor_name: caller.name,
      actor_email: caller.email,
      text,
    }),
  );
  const actor = { id: caller.id, name: caller.name, email: caller.email };
  return { at, kind: 'note' as const, actor, text, from: null, to: null };
}
