import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Order } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-error';
import { formatDate, formatRupees } from '../../lib/format';
import { pendingKeys, pendingPage } from './pending-orders';

const shownCount = 5;

/**
 * Orders come oldest first, so the newest pending ones are on the last page; a short last
 * page is topped up from the one before it.
 */
async function latestPending(signal?: AbortSignal): Promise<{ total: number; orders: Order[] }> {
  const first = await pendingPage(1, shownCount, signal);
  if (first.totalPages <= 1) return { total: first.totalCount, orders: [...first.orders].reverse() };
  const last = await pendingPage(first.totalPages, shownCount, signal);
  const before =
    last.orders.length < shownCount ? (await pendingPage(first.totalPages - 1, shownCount, signal)).orders : [];
  const newestFirst = [...before, ...last.orders].reverse().slice(0, shownCount);
  return { total: last.totalCount, orders: newestFirst };
}

/**
 * The bell's open panel: the newest pending orders, fetched when it opens. Its code downloads
 * the first time the bell is opened, not with every signed-in page.
 */
export default function NotificationsPanel({
  anchor,
  pending,
  onClose,
}: {
  anchor: HTMLElement | null;
  pending: number | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const isOpen = Boolean(anchor);
  const latest = useQuery({
    queryKey: pendingKeys.latest,
    queryFn: ({ signal }) => latestPending(signal),
    enabled: isOpen,
  });
  const total = latest.data?.total ?? pending ?? 0;
  const openOrders = () => {
    onClose();
    void navigate('/orders');
  };
  return (
    <Popover
      open={isOpen}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 340, maxWidth: '100vw' } },
      }}
    >
      <Typography id={titleId} component="h2" sx={{ px: 2, py: 1.5, fontWeight: 700, fontSize: 16 }}>
        Orders ({total})
      </Typography>
      <Divider />
      <PendingOrders query={latest} onChoose={openOrders} />
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }}>
        <Button fullWidth variant="contained" onClick={openOrders}>
          View all notifications
        </Button>
      </Box>
    </Popover>
  );
}

type LatestQuery = ReturnType<typeof useQuery<{ total: number; orders: Order[] }>>;

function PendingOrders({ query, onChoose }: { query: LatestQuery; onChoose: () => void }) {
  if (query.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
        <CircularProgress size={20} aria-label="Loading orders" />
        <Typography variant="body2">Loading orders...</Typography>
      </Box>
    );
  if (query.isError)
    return (
      <Typography role="alert" variant="body2" sx={{ p: 2, color: 'error.main' }}>
        {errorMessage(query.error)}
      </Typography>
    );
  if (query.data.orders.length === 0)
    return (
      <Typography role="status" variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
        No pending orders
      </Typography>
    );
  return (
    <List dense aria-label="Pending orders" sx={{ py: 0 }}>
      {query.data.orders.map((order) => (
        <ListItem key={order.id} disablePadding divider>
          <ListItemButton onClick={onChoose}>
            <ListItemText
              primary={`${order.name} placed an order of ${formatRupees(order.amount)}`}
              secondary={formatDate(order.date)}
              slotProps={{ secondary: { sx: { color: 'text.secondary' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
