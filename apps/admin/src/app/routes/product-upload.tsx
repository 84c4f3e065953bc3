import { useEffect } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { ProductForm } from '../../features/products/components/form/product-form';
import { deleteAllTemporaryImages } from '../../lib/temporary-uploads';

export default function ProductUploadScreen() {
  // Leftover temporary uploads of an abandoned form must not slip into this product (spec §4).
  useEffect(() => void deleteAllTemporaryImages(), []);
  return (
    <>
      <PageHeader
        title="Product Upload"
        crumbs={[{ label: 'Products', to: '/products' }, { label: 'Product Upload' }]}
      />
      <ProductForm />
    </>
  );
}
