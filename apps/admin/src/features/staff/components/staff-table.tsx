import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { type StaffMember, staffMessages } from '@shopdesk/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useProgressWhile } from '../../../lib/progress';
import { useRoles } from '../api/list-roles';
import { useStaff } from '../api/list-staff';
import { useUpdateMember } from '../api/update-member';

const columns = ['NAME', 'EMAIL', 'ROLE', 'STATUS', 'TWO-STEP', 'LAST SEEN', 'ACTION'];

const seen = (at: string | null) => (at ? formatDateTime(at) : 'Never');

function statusOf(member: StaffMember) {
  if (member.invited) return <Chip size="small" label="Invited" color="info" variant="outlined" />;
  if (member.active) return <Chip size="small" label="Active" color="success" variant="outlined" />;
  return <Chip size="small" label="Deactivated" color="default" variant="outlined" />;
}

/** The staff list (api.md §10): accounts and open invitations, each role changeable in its row. */
export function StaffTable() {
  const staff = useStaff();
  const roles = useRoles();
  const update = useUpdateMember();
  useProgressWhile(staff.isLoading);

  if (staff.isPending) return <LoadingState label="Loading staff..." />;
  if (staff.isError) return <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />;
  if (staff.data.length === 0) return <EmptyState message="No staff yet" />;

  // The owner role is the owner's alone: it is never offered.
  const roleNames = (roles.data ?? []).map((role) => role.name).filter((name) => name !== 'owner');
  const change = (member: StaffMember, body: { role?: string; active?: boolean }, done: string) =>
    update.mutate(
      { id: member.id, body },
      {
        onSuccess: () => showAlert('success', done),
        onError: (error) => showAlert('error', errorMessage(error)),
      },
    );

  return (
    <TableContainer>
      <Table aria-label="Staff">
        <TableHeadRow columns={columns} />
        <TableBody>
          {staff.data.map((member) => {
            const isOwner = member.role === 'owner';
            const isBusy = update.isPending && update.variables?.id === member.id;
            return (
              <TableRow key={member.id} hover>
                <TableCell>{member.name}</TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  {isOwner ? (
                    'owner'
                  ) : (
                    <Select
                      size="small"
                      value={roleNames.includes(member.role) ? member.role : ''}
                      displayEmpty
                      disabled={isBusy || roleNames.length === 0}
                      onChange={(event) =>
                        change(member, { role: String(event.target.value) }, staffMessages.memberUpdated)
                      }
                      inputProps={{ 'aria-label': `Role of ${member.email}` }}
                      sx={{ minWidth: 140 }}
                    >
                      {roleNames.map((name) => (
                        <MenuItem key={name} value={name}>
                          {name}
                        </MenuItem>
                      ))}
                    </Select>
                  )}
                </TableCell>
                <TableCell>{statusOf(member)}</TableCell>
                <TableCell>{member.twoFactor ? 'On' : 'Off'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{seen(member.lastSeenAt)}</TableCell>
                <TableCell>
                  {isOwner ? null : (
                    <Button
                      size="small"
                      color={member.active || member.invited ? 'error' : 'primary'}
                      disabled={isBusy}
                      onClick={() =>
                        change(
                          member,
                          { active: !member.active && !member.invited },
                          member.invited ? 'Invitation withdrawn' : staffMessages.memberUpdated,
                        )
                      }
                    >
                      {member.invited ? 'Withdraw' : member.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
