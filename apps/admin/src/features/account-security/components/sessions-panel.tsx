import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useProgressWhile } from '../../../lib/progress';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';
import { formatDateTime, formatLastSeen } from './format-time';

const report = {
  onSuccess: (answer: { msg: string }) => showAlert('success', answer.msg),
  onError: (error: unknown) => showAlert('error', errorMessage(error)),
};

/** Where this account is signed in; any other session can be ended from here. */
export function SessionsPanel() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  useProgressWhile(sessions.isLoading);

  if (sessions.isLoading) return <LoadingState />;
  if (sessions.isError) return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const rows = sessions.data ?? [];
  if (rows.length === 0) return <EmptyState message="No sessions found." />;
  const hasOthers = rows.some((row) => !row.current);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>Devices where your account is signed in. End any session you do not recognise.</Typography>
      <TableContainer>
        <Table size="small" aria-label="Sessions">
          <TableHead>
            <TableRow>
              <TableCell>Device</TableCell>
              <TableCell>IP address</TableCell>
              <TableCell>Signed in</TableCell>
              <TableCell>Last seen</TableCell>
              <TableCell>
                <Box component="span" style={visuallyHidden}>
                  Action
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Box component="span" title={row.userAgent}>
                    {row.device || 'Unknown device'}
                  </Box>
                  {row.current ? <Chip label="This device" size="small" color="primary" sx={{ ml: 1 }} /> : null}
                </TableCell>
                <TableCell>{row.ip}</TableCell>
                <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                <TableCell title={formatDateTime(row.lastSeenAt)}>{formatLastSeen(row.lastSeenAt)}</TableCell>
                <TableCell align="right">
                  {row.current ? null : (
                    <Button
                      color="error"
                      variant="outlined"
                      size="small"
                      disabled={endOne.isPending}
                      onClick={() => endOne.mutate(row.id, report)}
                    >
                      End
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box>
        <Button
          variant="contained"
          color="error"
          disabled={!hasOthers || endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, report)}
        >
          End all other sessions
        </Button>
      </Box>
    </Box>
  );
}
