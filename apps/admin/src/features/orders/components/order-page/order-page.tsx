import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { ApiError } from '../../../../lib/api-error';
import { useProgressWhile } from '../../../../lib/progress';
import { useOrder } from '../../api/get-order';
import { AddNoteForm } from './add-note-form';
import { InvoiceButton } from './invoice-button';
import { OrderFields } from './order-fields';
import { OrderLines } from './order-lines';
import { OrderStatusControl } from './order-status-control';
import { OrderTimeline } from './order-timeline';
import { Section } from './section';

export const orderNotFound = 'This order is not there: it may have been deleted.';

/** One order (issue 20): its fields and status, products, invoice, timeline and notes. */
export function OrderPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  useProgressWhile(order.isFetching);

  if (order.isPending) return <LoadingState label="Loading order..." />;
  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <Paper sx={{ p: 3 }}>
        <EmptyState message={orderNotFound} />
        <Button component={RouterLink} to="/orders" variant="outlined" sx={{ ml: 3 }}>
          Back to Orders List
        </Button>
      </Paper>
    );
  }
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  const tagged = order.data;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Section title="Order Details">
          <OrderFields order={tagged.body} />
          <Box sx={{ mt: 3 }}>
            <OrderStatusControl tagged={tagged} onReload={() => void order.refetch()} />
          </Box>
          <Box sx={{ mt: 3 }}>
            <InvoiceButton orderId={tagged.body.id} />
          </Box>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Section title="Products">
          <OrderLines products={tagged.body.products} />
        </Section>
      </Grid>
      <Grid size={12}>
        <Section title="Timeline">
          <OrderTimeline orderId={tagged.body.id} />
          <AddNoteForm orderId={tagged.body.id} />
        </Section>
      </Grid>
    </Grid>
  );
}
