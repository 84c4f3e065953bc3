import { z } from 'zod';

/**
 * Live events (api.md §14): `GET /api/events` as Server-Sent Events. Each event has an `id`
 * (when it can be replayed), its type in the SSE `event` field and one JSON `data` line.
 */
export { eventsPath } from './paths';
export const eventTypes = ['order.created', 'order.updated', 'catalogue.changed', 'job.progress', 'stock.low'] as const;
export type EventType = (typeof eventTypes)[number];

/** How long a reconnecting client's missed events are kept for replay (`Last-Event-ID`). */
export const eventReplayMs = 10 * 60_000;

export const orderEventSchema = z.object({ id: z.string(), action: z.string(), name: z.string() });
/** `id` is null when one change touched many records of the kind (a bulk edit, an import). */
export const catalogueEventSchema = z.object({ entity: z.string(), id: z.string().nullable(), action: z.string() });
export const stockLowEventSchema = z.object({ productId: z.string(), name: z.string(), countInStock: z.number() });
export const jobProgressEventSchema = z.object({
  id: z.string(),
  state: z.string(),
  progress: z.object({ done: z.number(), total: z.number() }),
});

export interface LiveEventData {
  'order.created': z.infer<typeof orderEventSchema>;
  'order.updated': z.infer<typeof orderEventSchema>;
  'catalogue.changed': z.infer<typeof catalogueEventSchema>;
  'job.progress': z.infer<typeof jobProgressEventSchema>;
  'stock.low': z.infer<typeof stockLowEventSchema>;
}

/** One event as the server sends it and the dashboard reads it. */
export type LiveEvent = {
  [T in EventType]: { id?: string; type: T; data: LiveEventData[T] };
}[EventType];
