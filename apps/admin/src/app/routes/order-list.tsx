import { PageHeader } from '../../components/ui/page-header';
import { OrdersCard } from '../../features/orders/components/orders-list';

export default function OrderListScreen() {
  return (
    <>
      <PageHeader title="Orders List" crumbs={[{ label: 'Orders' }]} />
      <OrdersCard />
    </>
  );
}
