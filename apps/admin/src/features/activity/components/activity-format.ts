import type { ActivityActor, ActivityChanges, ActivityEntity } from '@shopdesk/contract';
import { formatDateTime } from '../../../lib/format';

/** When an entry happened, as every table writes a moment: "2025-05-12 14:03" (local time). */
export const formatWhen = formatDateTime;

/** A failed sign-in of no account has no actor. */
export const unknownActor = 'Unknown';

export function actorName(actor: ActivityActor | null): string {
  return actor ? actor.name || actor.email : unknownActor;
}

/** Long values (descriptions, image lists) are cut so one change stays one line. */
const valueLength = 80;
/** What an absent value (a field set on create, cleared on update) reads as. */
export const emptyValue = '(empty)';

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return emptyValue;
  if (Array.isArray(value) && value.length === 0) return emptyValue;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > valueLength ? `${text.slice(0, valueLength)}…` : text;
}

/**
 * `{field: [before, after]}` as "field: before → after" lines, in the server's order. A field
 * empty on both sides (null → '' on a creation) says nothing, and is left out; other equal
 * sides stay (a changed password reads `[hidden] → [hidden]`).
 */
export function changeLines(changes: ActivityChanges): string[] {
  return Object.entries(changes).flatMap(([field, [before, after]]) => {
    const [was, is] = [formatValue(before), formatValue(after)];
    return was === emptyValue && is === emptyValue ? [] : [`${field}: ${was} → ${is}`];
  });
}

/** The screen showing a record, where one exists: product view, category edit, the order's page. */
export function recordPath(entity: ActivityEntity, id: string): string | null {
  if (entity === 'product') return `/product/details/${encodeURIComponent(id)}`;
  if (entity === 'category') return `/category/edit/${encodeURIComponent(id)}`;
  if (entity === 'order') return `/orders/${encodeURIComponent(id)}`;
  return null;
}
