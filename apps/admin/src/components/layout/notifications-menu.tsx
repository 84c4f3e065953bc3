import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type Order, type OrderPage, ordersPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { formatDate, formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';

const shownCount = 5;
// Filed under the orders root key, so a status change on the Orders List refreshes these too.
const pendingKeys = { count: ['orders', 'pending', 'count'], latest: ['orders', 'pending', 'latest'] };

const pendingPage = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<OrderPage>(`${ordersPath}?status=pending&page=${page}&perPage=${perPage}`, signal);

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

const maxBadge = 99;

/** The header's bell: newest pending orders, fetched only when opened. */
export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const isOpen = Boolean(anchor);
  // The badge needs only the count: one row is the smallest page the API serves.
  const count = useQuery({
    queryKey: pendingKeys.count,
    queryFn: ({ signal }) => pendingPage(1, 1, signal).then((page) => page.totalCount),
    enabled: isLoggedIn,
    staleTime: 60_000,
  });
  const latest = useQuery({
    queryKey: pendingKeys.latest,
    queryFn: ({ signal }) => latestPending(signal),
    enabled: isLoggedIn && isOpen,
  });
  const total = latest.data?.total ?? count.data ?? 0;
  // The button's name holds the badge's text, so what a screen reader says matches what is
  // shown (and speech control users can say what they see).
  const pending = count.data ?? 0;
  const badgeText = pending > maxBadge ? `${maxBadge}+` : String(pending);
  const close = () => setAnchor(null);
  const openOrders = () => {
    close();
    void navigate('/orders');
  };

  return (
    <>
      <IconButton
        aria-label={`Notifications: ${badgeText} pending ${pending === 1 ? 'order' : 'orders'}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={pending} color="error" overlap="circular" max={maxBadge}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={isOpen}
        anchorEl={anchor}
        onClose={close}
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
    </>
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
