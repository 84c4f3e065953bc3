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
  /** A product's stock after a change that took it to its low-stock line (activity `stock_low`). */
  stockLow?: number | null;
}

/**
 * A `stock.low` event's id: the entry's number and `.1`. It follows the entry's own event (its
 * number) and comes before the next entry's, in the order ids compare as numbers, which is the
 * order the stream sends them and `Last-Event-ID` replays after.
 */
const stockLowId = (seq: number) => `${seq}.1`;

/** The `stock.low` event (api.md §15) of an entry whose change took a product to its low-stock line. */
export function stockLowOfEntry(entry: EntryFacts): LiveEvent | undefined {
  if (entry.entity !== 'product' || entry.stockLow === undefined || entry.stockLow === null) return undefined;
  return {
    id: stockLowId(entry.seq),
    type: 'stock.low',
    data: { productId: entry.entityId, name: entry.entityName, countInStock: entry.stockLow },
  };
}

/** Events in the order of their ids as numbers (see stockLowId). */
const byId = (a: LiveEvent, b: LiveEvent) => Number(a.id) - Number(b.id);

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
  // Each product the unit took to its low-stock line sends its own stock.low, bulk or not.
  const lows = entries.flatMap((entry) => stockLowOfEntry(entry) ?? []);
  const own = (): LiveEvent[] => entries.flatMap((entry) => eventOfEntry(entry) ?? []);
  if (entries.length <= 1) return [...own(), ...lows];
  const last = entries.at(-1) as EntryFacts;
  const event = eventOfEntry(last);
  if (event?.type !== 'catalogue.changed') return [...own(), ...lows].sort(byId);
  return [{ ...event, data: { ...event.data, id: null } }, ...lows].sort(byId);
}
