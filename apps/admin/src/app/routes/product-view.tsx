import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { HistoryCard } from '../../features/activity/components/history-panel';
import { ProductView } from '../../features/products/components/view/product-view';

export default function ProductViewScreen() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Product View" crumbs={[{ label: 'Products', to: '/products' }, { label: 'Product View' }]} />
      <ProductView key={id} productId={id} />
      <HistoryCard entity="product" entityId={id} />
    </>
  );
}
