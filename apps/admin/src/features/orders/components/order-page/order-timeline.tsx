import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ActivityActor, OrderTimelineEntry, OrderTimelineKind } from '@shopdesk/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { formatDateTime } from '../../../../lib/format';
import { useOrderTimeline } from '../../api/order-timeline';

export const noTimeline = 'Nothing has happened to this order yet';
export const noNotes = 'No notes yet';

const kindWords: Record<OrderTimelineKind, string> = {
  created: 'Created',
  status: 'Status changed',
  edit: 'Edited',
  note: 'Note',
};

/** An entry with no account behind it: the storefront placing the order, or the demo shop's. */
const actorName = (actor: ActivityActor | null) => (actor ? actor.name || actor.email : 'Unknown');

function TimelineItem({ entry }: { entry: OrderTimelineEntry }) {
  return (
    <Box component="li" sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        {' · '}
        <span title={entry.actor?.email}>{actorName(entry.actor)}</span>
        {' · '}
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {kindWords[entry.kind]}
        </Box>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.text}</Typography>
    </Box>
  );
}

/** Who did what and when, oldest first (api.md §15): placed, status changes, edits, notes. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const timeline = useOrderTimeline(orderId);
  if (timeline.isPending) return <LoadingState label="Loading timeline..." />;
  if (timeline.isError) return <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />;
  const entries = timeline.data;
  if (entries.length === 0) return <EmptyState message={noTimeline} />;
  return (
    <>
      <Box component="ol" aria-label="Timeline entries" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id, and the list only grows at its end
          <TimelineItem key={`${entry.at}-${index}`} entry={entry} />
        ))}
      </Box>
      {!entries.some((entry) => entry.kind === 'note') && <EmptyState message={noNotes} />}
    </>
  );
}
