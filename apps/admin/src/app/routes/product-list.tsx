import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ProductListSummary } from '../../features/dashboard/components/product-list-summary';
import { BestSellingProducts } from '../../features/products/components/best-selling-products';
import { useCan } from '../../lib/permissions';

export default function ProductListScreen() {
  const canWrite = useCan('catalogue:write');
  return (
    <>
      <PageHeader
        title="Product List"
        crumbs={[{ label: 'Products' }]}
        actions={
          canWrite ? (
            <Button component={RouterLink} to="/product/upload" variant="contained" startIcon={<AddIcon />}>
              Add Product
            </Button>
          ) : undefined
        }
      />
      <ProductListSummary />
      <BestSellingProducts />
    </>
  );
}
