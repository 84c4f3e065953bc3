import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useProductSelection } from '../../features/bulk-edit/components/use-product-selection';
import { ProductListSummary } from '../../features/dashboard/components/product-list-summary';
import { ProductExportButton } from '../../features/export/components/product-export-button';
import { BestSellingProducts } from '../../features/products/components/best-selling-products';
import { useProductFilters } from '../../features/products/components/use-product-filters';
import { ViewsMenu } from '../../features/saved-views/components/views-menu';
import { useCan } from '../../lib/permissions';

// The bar (its actions, dialogs and requests) loads with the first ticked row: the list itself,
// the page most visits open, draws without it.
const BulkActionBar = lazy(() => import('../../features/bulk-edit/components/bulk-action-bar'));

export default function ProductListScreen() {
  const canWrite = useCan('catalogue:write');
  const canDelete = useCan('catalogue:delete');
  // Export and bulk work act on what the table shows (api.md §13).
  const { filter } = useProductFilters();
  const selection = useProductSelection(JSON.stringify(filter));
  return (
    <>
      <PageHeader
        title="Product List"
        crumbs={[{ label: 'Products' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <ViewsMenu screen="products" />
            <ProductExportButton filter={filter} />
            {canWrite && (
              <Button component={RouterLink} to="/product/upload" variant="contained" startIcon={<AddIcon />}>
                Add Product
              </Button>
            )}
          </Box>
        }
      />
      <ProductListSummary />
      <BestSellingProducts
        lowStockFilter
        selection={
          canWrite || canDelete
            ? {
                isChecked: selection.isChecked,
                onChange: selection.onChange,
                renderBar: ({ totalCount }) =>
                  selection.all || selection.ids.size > 0 ? (
                    <Suspense fallback={null}>
                      <BulkActionBar selection={selection} filter={filter} totalCount={totalCount} />
                    </Suspense>
                  ) : null,
              }
            : undefined
        }
      />
    </>
  );
}
