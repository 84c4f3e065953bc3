import { type OrderPage, ordersPath } from '@shopdesk/contract';
import { api } from '../../lib/api-client';

// Filed under the orders root key, so a status change on the Orders List refreshes these too.
export const pendingKeys = { count: ['orders', 'pending', 'count'], latest: ['orders', 'pending', 'latest'] };

export const pendingPage = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<OrderPage>(`${ordersPath}?status=pending&page=${page}&perPage=${perPage}`, signal);
