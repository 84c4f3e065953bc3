import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ChangedMeanwhile, namesRecord, useHeldCopy } from '../../components/ui/changed-meanwhile';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/query-state';
import { HistoryCard } from '../../features/activity/components/history-panel';
import { productPath, useProduct } from '../../features/products/api/get-product';
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
  // The copy the form holds: later reads (live refreshes) leave it alone until "Reload".
  const held = useHeldCopy(productPath(id), isFresh ? product.data : undefined);
  useProgressWhile(!isFresh && !product.isError);
  // Leftover temporary uploads of an abandoned form must not slip into this product (spec §4).
  useEffect(() => void deleteAllTemporaryImages(), []);
  return (
    <>
      <PageHeader title="Product Edit" crumbs={[{ label: 'Products', to: '/products' }, { label: 'Product Edit' }]} />
      {!isFresh && !product.isError && <LoadingState label="Loading product..." />}
      {product.isError && <ErrorState error={product.error} onRetry={() => void product.refetch()} />}
      {held.copy && (
        <>
          <ChangedMeanwhile
            path={productPath(id)}
            names={namesRecord('product', id)}
            onReload={() => held.reloadFrom(product.refetch)}
          />
          <ProductForm
            key={`${held.copy.id}:${held.version}`}
            productId={id}
            initialValues={productToForm(held.copy)}
          />
        </>
      )}
      <HistoryCard entity="product" entityId={id} />
    </>
  );
}
