import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ProductListSummary } from '../../features/dashboard/components/product-list-summary';
import { BestSellingProducts } from '../../features/products/components/best-selling-products';

export default function ProductListScreen() {
  return (
    <>
      <PageHeader
        title="Product List"
        crumbs={[{ label: 'Products' }]}
        actions={
          <Button component={RouterLink} to="/product/upload" variant="contained" startIcon={<AddIcon />}>
            Add Product
          </Button>
        }
      />
      <ProductListSummary />
      <BestSellingProducts />
    </>
  );
}
