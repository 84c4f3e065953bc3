import type { Order, OrderStatus } from '@shopdesk/contract';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { StatusSelect } from './status-select';

/** The row's status dropdown (spec §4). */
export function OrderStatusSelect({ order }: { order: Order }) {
  const update = useUpdateOrderStatus(order);
  // A role without orders:write sees the status, and cannot change it (api.md §10).
  const canChange = useCan('orders:write');
  // While saving, show the chosen value rather than flicking back to the old one.
  const value = update.isPending && update.variables !== undefined ? update.variables : order.status;
  return (
    <StatusSelect
      label={`Order status of ${order.id}`}
      value={value}
      disabled={update.isPending || !canChange}
      onChange={(status: OrderStatus) =>
        update.mutate(status, { onError: (error) => showAlert('error', errorMessage(error)) })
      }
    />
  );
}
