import type { ProductExportQuery } from '@shopdesk/contract';
import { useCan } from '../../../lib/permissions';
import { exportProducts } from '../api/export-csv';
import { ExportButton } from './export-button';

/** Product List's export: the list's own filter (search or category), for roles with `export`. */
export function ProductExportButton({ filter }: { filter: ProductExportQuery }) {
  const canExport = useCan('export');
  if (!canExport) return null;
  return <ExportButton run={() => exportProducts(filter)} />;
}
