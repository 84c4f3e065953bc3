import { categoryKeys } from '../features/categories/api/category-keys';
import { listCategories } from '../features/categories/api/list-categories';
import { CommandPaletteDialogs, type PaletteSources } from '../features/command-palette/command-palette-host';
import { exportOrders } from '../features/export/api/export-csv';
import { runExport } from '../features/export/components/export-button';

/**
 * What the palette finds and runs from other features: the category list (its own query, so the
 * list screens and the palette share one cache entry), and Orders List's export of every order.
 */
const sources: PaletteSources = {
  categories: { queryKey: categoryKeys.list(), queryFn: ({ signal }) => listCategories(signal) },
  exportOrders: () => void runExport(() => exportOrders({})),
};

/** The command palette and the shortcuts list, loaded the first time one is opened (command-palette.tsx). */
export default function AppCommandPaletteDialogs() {
  return <CommandPaletteDialogs sources={sources} />;
}
