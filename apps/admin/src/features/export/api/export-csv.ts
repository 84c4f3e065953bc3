import { type OrderExportQuery, orderExportPath, type ProductExportQuery, productExportPath } from '@shopdesk/contract';
import { downloadFile } from '../../../lib/download';

/** The query string of an export: only the filters that are set. */
function queryOf(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/products/export?q=&catId=&lowStock=` (api.md §13, §15): the products the list shows, as CSV. */
export async function exportProducts(filter: ProductExportQuery): Promise<string> {
  const path = `${productExportPath}${queryOf({ q: filter.q, catId: filter.catId, lowStock: filter.lowStock })}`;
  return (await downloadFile(path, 'products.csv')).name;
}

/** `GET /api/orders/export?from=&to=&status=`: one row per order line, as CSV. */
export async function exportOrders(filter: OrderExportQuery): Promise<string> {
  const path = `${orderExportPath}${queryOf({ from: filter.from, to: filter.to, status: filter.status })}`;
  return (await downloadFile(path, 'orders.csv')).name;
}
