import { type LiveEvent, trashEntityNames } from '@shopdesk/contract';

/** The kinds of record whose changes are sent live: orders and the catalogue's records. */
const catalogueEntities = new Set<string>(trashEntityNames);
export const eventfulEntities = ['order', ...trashEntityNames] as const;

/** An activity entry as far as live events need it. */
export interface EntryFacts {
  seq: number;
  action: string;
  entity: string;
  entityId: string;
  entityName: string;
}

/**
 * The live event a logged change makes (api.md §14): an order's `order.created` /
 * `order.updated`, a catalogue record's `catalogue.changed`; none for accounts, roles and views.
 * Its id is the entry's sequence number, which `Last-Event-ID` replays from.
 */
export function eventOfEntry(entry: EntryFacts): LiveEvent | undefined {
  const id = String(entry.seq);
  if (entry.entity === 'order') {
    const data = { id: entry.entityId, action: entry.action, name: entry.entityName };
    return entry.action === 'create' ? { id, type: 'order.created', data } : { id, type: 'order.updated', data };
  }
  if (!catalogueEntities.has(entry.entity)) return undefined;
  return { id, type: 'catalogue.changed', data: { entity: entry.entity, id: entry.entityId, action: entry.action } };
}

/**
 * The events of one unit of work's entries. A unit that changed many records of a kind (a bulk
 * edit, an import) sends one event for the kind (`id: null`), not one per record: a screen
 * refreshes the list once.
 */
export function eventsOfUnit(entries: readonly EntryFacts[]): LiveEvent[] {
  if (entries.length <= 1) return entries.flatMap((entry) => eventOfEntry(entry) ?? []);
  const last = entries.at(-1) as EntryFacts;
  const event = eventOfEntry(last);
  if (event?.type !== 'catalogue.changed') return entries.flatMap((entry) => eventOfEntry(entry) ?? []);
  return [{ ...event, data: { ...event.data, id: null } }];
}
