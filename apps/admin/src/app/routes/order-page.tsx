import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { OrderPage } from '../../features/orders/components/order-page/order-page';

export default function OrderPageScreen() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Order" crumbs={[{ label: 'Orders', to: '/orders' }, { label: id }]} />
      <OrderPage key={id} orderId={id} />
    </>
  );
}
