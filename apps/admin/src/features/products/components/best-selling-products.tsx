import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SearchBox } from '../../../components/ui/search-box';
import { CategoryFilter } from './category-filter';
import { LowStockFilter } from './low-stock-filter';
import type { ProductTableSelection } from './product-selection';
import { ProductTable } from './product-table';
import { useProductFilters } from './use-product-filters';

/**
 * The spec's 'Best Selling Products' card: category filter, search box and the product table
 * (with row selection for bulk work where the screen passes one: Product List), and on Product
 * List the "Low stock" filter (`lowStockFilter`).
 */
export function BestSellingProducts({
  selection,
  lowStockFilter = false,
}: {
  selection?: ProductTableSelection | undefined;
  lowStockFilter?: boolean;
}) {
  const { catId, q, lowStock, update } = useProductFilters();
  return (
    <Paper component="section" aria-labelledby="best-selling-products-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="best-selling-products-title" variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>
        Best Selling Products
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <CategoryFilter value={catId} onChange={(next) => update({ catId: next, page: 1 })} />
          {lowStockFilter && (
            <LowStockFilter checked={lowStock} onChange={(next) => update({ lowStock: next, page: 1 })} />
          )}
        </Box>
        <SearchBox label="Search products" value={q} onSearch={(next) => update({ q: next, page: 1 })} />
      </Box>
      <ProductTable selection={selection} />
    </Paper>
  );
}
