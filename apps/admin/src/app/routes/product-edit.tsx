import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/query-state';
import { HistoryCard } from '../../features/activity/components/history-panel';
import { useProduct } from '../../features/products/api/get-product';
import { ProductForm } from '../../features/products/components/form/product-form';
import { productToForm } from '../../features/products/components/form/product-form-values';
import { useProgressWhile } from '../../lib/progress';
import { deleteAllTemporaryImages } from '../../lib/temporary-uploads';

export default function ProductEditScreen() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // A cached copy (e.g. from the view) may be old: the form starts only from a fresh read.
  // Later refetches (after the save) must not unmount the form mid-submit.
  const isFresh = product.isFetchedAfterMount;
  useProgressWhile(!isFresh && !product.isError);
  // Leftover temporary uploads of an abandoned form must not slip into this product (spec §4).
  useEffect(() => void deleteAllTemporaryImages(), []);
  return (
    <>
      <PageHeader title="Product Edit" crumbs={[{ label: 'Products', to: '/products' }, { label: 'Product Edit' }]} />
      {!isFresh && !product.isError && <LoadingState label="Loading product..." />}
      {product.isError && <ErrorState error={product.error} onRetry={() => void product.refetch()} />}
      {isFresh && product.data && (
        <ProductForm key={product.data.id} productId={id} initialValues={productToForm(product.data)} />
      )}
      <HistoryCard entity="product" entityId={id} />
    </>
  );
}
