import Box from '@mui/material/Box';
import { PageHeader } from '../../components/ui/page-header';
import { HistoryPanel } from '../../features/activity/components/history-panel';
import { OrderExportControls } from '../../features/export/components/order-export-controls';
import { OrderDialogExtraProvider } from '../../features/orders/components/order-dialog-extra';
import { OrdersCard } from '../../features/orders/components/orders-list';
import { ViewsMenu } from '../../features/saved-views/components/views-menu';

/** The order's products dialog shows the order's history under its products (api.md §11). */
const orderHistory = (orderId: string) => <HistoryPanel entity="order" entityId={orderId} />;

export default function OrderListScreen() {
  return (
    <>
      <PageHeader
        title="Orders List"
        crumbs={[{ label: 'Orders' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <ViewsMenu screen="orders" />
            <OrderExportControls />
          </Box>
        }
      />
      <OrderDialogExtraProvider value={orderHistory}>
        <OrdersCard />
      </OrderDialogExtraProvider>
    </>
  );
}
