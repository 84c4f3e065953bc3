import { PageHeader } from '../../components/ui/page-header';
import { HistoryPanel } from '../../features/activity/components/history-panel';
import { OrderExportControls } from '../../features/export/components/order-export-controls';
import { OrderDialogExtraProvider } from '../../features/orders/components/order-dialog-extra';
import { OrdersCard } from '../../features/orders/components/orders-list';

/** The order's products dialog shows the order's history under its products (api.md §11). */
const orderHistory = (orderId: string) => <HistoryPanel entity="order" entityId={orderId} />;

export default function OrderListScreen() {
  return (
    <>
      <PageHeader title="Orders List" crumbs={[{ label: 'Orders' }]} actions={<OrderExportControls />} />
      <OrderDialogExtraProvider value={orderHistory}>
        <OrdersCard />
      </OrderDialogExtraProvider>
    </>
  );
}
