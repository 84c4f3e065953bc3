import { type OrderExportQuery, orderExportPath, type ProductExportQuery, productExportPath } from '@shopdesk/contract';
import { downloadFile } from '../../../lib/download';

/** The query string of an export: only the filters that are set. */
function queryOf(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/products/export?q=&catId=` (api.md §13): the products the list shows, as CSV. */
export function exportProducts(filter: ProductExportQuery): Promise<string> {
  return downloadFile(`${productExportPath}${queryOf({ q: filter.q, catId: filter.catId })}`, 'products.csv');
}

/** `GET /api/orders/export?from=&to=&status=`: one row per order line, as CSV. */
export function exportOrders(filter: OrderExportQuery): Promise<string> {
  return downloadFile(
    `${orderExportPath}${queryOf({ from: filter.from, to: filter.to, status: filter.status })}`,
    'orders.csv',
  );
}
