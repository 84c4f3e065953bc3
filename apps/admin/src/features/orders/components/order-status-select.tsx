import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { type Order, type OrderStatus, orderStatuses } from '@shopdesk/contract';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useUpdateOrderStatus } from '../api/update-order-status';

const statusLabel = (status: OrderStatus) => status || 'None';

/** The row's status dropdown: any status may follow any other (spec §4). */
export function OrderStatusSelect({ order }: { order: Order }) {
  const update = useUpdateOrderStatus(order);
  // A role without orders:write sees the status, and cannot change it (api.md §10).
  const canChange = useCan('orders:write');
  // While saving, show the chosen value rather than flicking back to the old one.
  const value = update.isPending && update.variables !== undefined ? update.variables : order.status;
  return (
    <Select
      size="small"
      value={value}
      displayEmpty
      disabled={update.isPending || !canChange}
      onChange={(event) =>
        update.mutate(event.target.value as OrderStatus, {
          onError: (error) => showAlert('error', errorMessage(error)),
        })
      }
      inputProps={{ 'aria-label': `Order status of ${order.id}` }}
      renderValue={(selected) => statusLabel(selected)}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 224, width: 250 } } } }}
      sx={{ minWidth: 130 }}
    >
      {['' as const, ...orderStatuses.filter((status) => status !== '')].map((status) => (
        <MenuItem key={status || 'none'} value={status}>
          {status ? status : <em>None</em>}
        </MenuItem>
      ))}
    </Select>
  );
}
