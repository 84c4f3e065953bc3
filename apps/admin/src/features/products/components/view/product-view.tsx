import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { ApiError } from '../../../../lib/api-error';
import { useProgressWhile } from '../../../../lib/progress';
import { useProduct } from '../../api/get-product';
import { useProductReviews } from '../../api/list-product-reviews';
import { ProductDetails } from './product-details';
import { ProductGallery } from './product-gallery';
import { ProductReviews } from './product-reviews';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography id={id} variant="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Gallery, details, description and (when there are any) customer reviews of one product. */
export function ProductView({ productId }: { productId: string }) {
  const product = useProduct(productId);
  const reviews = useProductReviews(productId);
  useProgressWhile(product.isLoading);

  if (product.isLoading) return <LoadingState label="Loading product..." />;
  if (product.error instanceof ApiError && product.error.status === 404) {
    return (
      <Paper sx={{ p: 3 }}>
        <EmptyState message="Product not found" />
        <Button component={RouterLink} to="/products" variant="outlined" sx={{ ml: 3 }}>
          Back to Product List
        </Button>
      </Paper>
    );
  }
  if (product.isError || !product.data) {
    return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  }
  const data = product.data;
  const reviewList = reviews.data ?? [];
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Section id="product-gallery-title" title="Product Gallery">
          <ProductGallery images={data.images} name={data.name} discount={data.discount} />
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Section id="product-details-title" title="Product Details">
          <ProductDetails product={data} reviewCount={reviewList.length} />
        </Section>
      </Grid>
      <Grid size={12}>
        <Section id="product-description-title" title="Product Description">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{data.description}</Typography>
        </Section>
      </Grid>
      {reviews.isError && (
        <Grid size={12}>
          <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
        </Grid>
      )}
      {reviewList.length > 0 && (
        <Grid size={12}>
          <Section id="customer-reviews-title" title="Customer Reviews">
            <ProductReviews reviews={reviewList} />
          </Section>
        </Grid>
      )}
    </Grid>
  );
}
