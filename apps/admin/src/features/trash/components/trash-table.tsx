import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { type TrashEntity, type TrashEntry, trashEntityLabels } from '@shopdesk/contract';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useProgressWhile } from '../../../lib/progress';
import { useTrash } from '../api/list-trash';
import { usePurgeTrash } from '../api/purge-trash';
import { useRestoreTrash } from '../api/restore-trash';
import { PurgeDialog } from './purge-dialog';

const columns = ['TYPE', 'NAME', 'DELETED', 'DELETED BY', 'DELETED FOREVER ON', 'ACTION'];

/** What was deleted (api.md §12): Restore for writers, Delete forever (after a confirm) for deleters. */
export function TrashTable({ entity }: { entity: TrashEntity | undefined }) {
  const trash = useTrash(entity);
  const restore = useRestoreTrash();
  const purge = usePurgeTrash();
  const canRestore = useCan('catalogue:write');
  const canPurge = useCan('catalogue:delete');
  const [confirming, setConfirming] = useState<TrashEntry | undefined>(undefined);
  useProgressWhile(trash.isLoading);

  if (trash.isPending) return <LoadingState label="Loading the trash..." />;
  if (trash.isError) return <ErrorState error={trash.error} onRetry={() => void trash.refetch()} />;
  if (trash.data.length === 0) return <EmptyState message="The trash is empty" />;

  const busy = (entry: TrashEntry) =>
    (restore.isPending && restore.variables === entry.trashId) ||
    (purge.isPending && purge.variables === entry.trashId);
  return (
    <>
      <TableContainer>
        <Table aria-label="Trash">
          <TableHeadRow columns={columns} />
          <TableBody>
            {trash.data.map((entry) => (
              <TableRow key={entry.trashId} hover>
                <TableCell>{trashEntityLabels[entry.entity]}</TableCell>
                <TableCell>{entry.name}</TableCell>
                <TableCell>{formatDateTime(entry.deletedAt)}</TableCell>
                <TableCell>{entry.deletedBy ? entry.deletedBy.name || entry.deletedBy.email : '—'}</TableCell>
                <TableCell>{formatDate(entry.purgeAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {canRestore && (
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={`Restore ${entry.name}`}
                        disabled={busy(entry)}
                        onClick={() => restore.mutate(entry.trashId)}
                      >
                        Restore
                      </Button>
                    )}
                    {canPurge && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete forever ${entry.name}`}
                        disabled={busy(entry)}
                        onClick={() => setConfirming(entry)}
                      >
                        Delete forever
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PurgeDialog
        entry={confirming}
        isPurging={purge.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          if (confirming) purge.mutate(confirming.trashId, { onSettled: () => setConfirming(undefined) });
        }}
      />
    </>
  );
}
