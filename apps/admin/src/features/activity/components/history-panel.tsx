import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ActivityEntity, ActivityEntry } from '@shopdesk/contract';
import { useId } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useRecordHistory } from '../api/get-record-history';
import { ActivityChangesList } from './activity-changes';
import { actorName, formatWhen } from './activity-format';
import { LoadMore } from './load-more';

export const noHistory = 'No history yet';

function HistoryItem({ entry }: { entry: ActivityEntry }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography variant="body2">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        {' · '}
        <span title={entry.actor?.email}>{actorName(entry.actor)}</span>
        {' · '}
        <strong>{entry.action}</strong>
      </Typography>
      <ActivityChangesList changes={entry.changes} />
    </Box>
  );
}

type Props = { entity: ActivityEntity; entityId: string };

/** One record's history (api.md §11), newest first, a few at a time; for a dialog or a card. */
export function HistoryPanel({ entity, entityId }: Props) {
  const titleId = useId();
  const history = useRecordHistory(entity, entityId);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  let body: React.ReactNode;
  if (history.isPending) body = <LoadingState label="Loading history..." />;
  else if (history.isError && entries.length === 0) {
    body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  } else if (entries.length === 0) body = <EmptyState message={noHistory} />;
  else {
    body = (
      <>
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {entries.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </Box>
        {history.isError && (
          <ErrorState
            error={history.error}
            onRetry={() => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())}
          />
        )}
        <LoadMore
          hasMore={history.hasNextPage}
          isLoading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 1 }}>
        History
      </Typography>
      {body}
    </Box>
  );
}

/** The panel on a card, under a screen's own content. */
export function HistoryCard(props: Props) {
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <HistoryPanel {...props} />
    </Paper>
  );
}
