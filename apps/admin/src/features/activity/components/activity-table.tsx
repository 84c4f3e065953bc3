import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ActivityEntry } from '@shopdesk/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { useProgressWhile } from '../../../lib/progress';
import { type ActivityFilters, useActivity } from '../api/list-activity';
import { ActivityChangesList } from './activity-changes';
import { formatWhen, unknownActor } from './activity-format';
import { ActivityRecord } from './activity-record';
import { LoadMore } from './load-more';

const columns = ['TIME', 'WHO', 'ACTION', 'RECORD', 'CHANGES'];
export const noActivity = 'No activity yet';
export const noMatchingActivity = 'No activity matches these filters';

/** On a phone each entry is a stacked block (time, who, action, record, changes), not a wide row. */
const stackOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, minWidth: 0 },
  },
});

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  return (
    <TableRow hover sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        {entry.actor ? (
          <>
            <div>{entry.actor.name}</div>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {entry.actor.email}
            </Typography>
          </>
        ) : (
          unknownActor
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={entry.action} />
      </TableCell>
      <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
        <ActivityRecord entry={entry} />
      </TableCell>
      <TableCell sx={{ minWidth: 240 }}>
        <ActivityChangesList changes={entry.changes} />
      </TableCell>
    </TableRow>
  );
}

/** The log, newest first; older pages follow by cursor as the end scrolls into view. */
export function ActivityTable({ filters, isFiltered }: { filters: ActivityFilters; isFiltered: boolean }) {
  const activity = useActivity(filters);
  useProgressWhile(activity.isFetching);

  if (activity.isPending) return <LoadingState label="Loading activity..." />;
  if (activity.isError && !activity.data) {
    return <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />;
  }
  const entries = activity.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <EmptyState message={isFiltered ? noMatchingActivity : noActivity} />;
  return (
    <>
      <TableContainer>
        <Table aria-label="Activity" size="small" sx={stackOnPhones}>
          <TableHeadRow columns={columns} />
          <TableBody>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {activity.isRefetchError && <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />}
      {activity.isFetchNextPageError && (
        <ErrorState error={activity.error} onRetry={() => void activity.fetchNextPage()} />
      )}
      <LoadMore
        isAutomatic={!activity.isFetchNextPageError}
        hasMore={activity.hasNextPage}
        isLoading={activity.isFetchingNextPage}
        onLoadMore={() => void activity.fetchNextPage()}
      />
    </>
  );
}
