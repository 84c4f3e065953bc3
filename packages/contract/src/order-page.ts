import { z } from 'zod';
import { activityActorSchema } from './activity';
import { orderStatuses } from './order-names';

/** An order's own page (api.md §15): its timeline, notes and invoice. */
export const orderTimelineKinds = ['created', 'status', 'edit', 'note'] as const;
export type OrderTimelineKind = (typeof orderTimelineKinds)[number];

export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(orderTimelineKinds),
  actor: activityActorSchema.nullable(),
  /** What happened, in words: the note's text, the fields an edit changed, "Order placed". */
  text: z.string(),
  /** A status change's statuses; null for the other kinds. */
  from: z.enum(orderStatuses).nullable(),
  to: z.enum(orderStatuses).nullable(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;
export const orderTimelineSchema = z.array(orderTimelineEntrySchema);

export const orderNoteMaxLength = 2000;
export const orderPageMessages = {
  noteText: 'Please write the note',
  noteTooLong: `A note is at most ${orderNoteMaxLength} characters`,
  placed: 'Order placed',
  edited: (fields: readonly string[]) => `Changed ${fields.join(', ')}`,
} as const;

export const orderNoteBodySchema = z.object({
  text: z
    .string({ error: orderPageMessages.noteText })
    .trim()
    .min(1, orderPageMessages.noteText)
    .max(orderNoteMaxLength, orderPageMessages.noteTooLong),
});

/** The header naming an invoice's number (also printed on it and kept on the order). */
export const invoiceNumberHeader = 'X-Invoice-Number';
export const invoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
