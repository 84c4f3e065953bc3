import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';
import { pendingKeys, pendingPage } from './pending-orders';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

const maxBadge = 99;

/** The header's bell: the pending orders' count; the newest of them in a panel, fetched only when opened. */
export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const { isLoggedIn } = useSession();
  const isOpen = Boolean(anchor);
  if (isOpen && !wasOpened) setWasOpened(true);
  // The badge needs only the count: one row is the smallest page the API serves.
  const count = useQuery({
    queryKey: pendingKeys.count,
    queryFn: ({ signal }) => pendingPage(1, 1, signal).then((page) => page.totalCount),
    enabled: isLoggedIn,
    staleTime: 60_000,
  });
  // The button's name holds the badge's text, so what a screen reader says matches what is
  // shown (and speech control users can say what they see).
  const pending = count.data ?? 0;
  const badgeText = pending > maxBadge ? `${maxBadge}+` : String(pending);

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
      {wasOpened && (
        <Suspense fallback={null}>
          <NotificationsPanel anchor={anchor} pending={count.data} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
