import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { OrderRow } from './orders.repository';

/** The export's selection: created within [from, before) (ISO instants), with this status. */
export interface OrderExportFilter {
  from?: string | undefined;
  before?: string | undefined;
  status?: string | undefined;
}

/** Where the last page ended: its last order's date and id. */
export interface OrderMark {
  createdAt: string;
  id: string;
}

/**
 * The next orders after `mark` in date order (then id), keyset-paged along the index on
 * (created_at, id): a date range reads only its own part of the table, and each page costs the
 * same however far the export has gone.
 */
export function orderPageAfter(
  db: Db,
  filter: OrderExportFilter,
  mark: OrderMark | undefined,
  limit: number,
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll();
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.before !== undefined) query = query.where('created_at', '<', filter.before);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (mark) query = query.where(sql<boolean>`(created_at, id) > (${mark.createdAt}, ${mark.id})`);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}
