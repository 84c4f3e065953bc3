import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order, OrderStatus } from '@shopdesk/contract';
import { showAlert } from '../../../../lib/alerts';
import { ApiError, errorMessage } from '../../../../lib/api-error';
import { useCan } from '../../../../lib/permissions';
import type { Tagged } from '../../../../lib/tagged-request';
import { useSaveOrderStatus } from '../../api/save-order-status';
import { StatusSelect } from '../status-select';

type Props = { tagged: Tagged<Order>; onReload: () => void };

/**
 * The Orders List's status dropdown, saved from the copy on screen (If-Match). When someone
 * else changed the order meanwhile the server refuses (409): the words stay beside the control,
 * with "Reload", until the page reads the order again.
 */
export function OrderStatusControl({ tagged, onReload }: Props) {
  const save = useSaveOrderStatus(tagged);
  const canChange = useCan('orders:write');
  const conflict = save.error instanceof ApiError && save.error.status === 409 ? save.error : null;
  const value = save.isPending && save.variables !== undefined ? save.variables : tagged.body.status;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>Order Status</Typography>
        <StatusSelect
          label={`Order status of ${tagged.body.id}`}
          value={conflict ? tagged.body.status : value}
          disabled={save.isPending || !canChange || conflict !== null}
          onChange={(status: OrderStatus) =>
            save.mutate(status, {
              onError: (error) => {
                if (!(error instanceof ApiError && error.status === 409)) showAlert('error', errorMessage(error));
              },
            })
          }
        />
      </Box>
      {conflict && (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mt: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                save.reset();
                onReload();
              }}
            >
              Reload
            </Button>
          }
        >
          {conflict.msg}
        </Alert>
      )}
    </Box>
  );
}
