import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { Role } from '@shopdesk/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/list-roles';

const columns = ['ROLE', 'PERMISSIONS', 'MEMBERS', 'ACTION'];

/** The roles (api.md §10): built-in ones read only, custom ones edited and deleted here. */
export function RoleTable({ onEdit }: { onEdit: (role: Role) => void }) {
  const roles = useRoles();
  const remove = useDeleteRole();
  useProgressWhile(roles.isLoading);

  if (roles.isPending) return <LoadingState label="Loading roles..." />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  if (roles.data.length === 0) return <EmptyState message="No roles yet" />;

  return (
    <TableContainer>
      <Table aria-label="Roles">
        <TableHeadRow columns={columns} />
        <TableBody>
          {roles.data.map((role) => (
            <TableRow key={role.id} hover>
              <TableCell>
                {role.name} {role.builtIn ? <Chip size="small" label="built-in" variant="outlined" /> : null}
              </TableCell>
              <TableCell>{role.permissions.length > 0 ? role.permissions.join(', ') : 'Reading only'}</TableCell>
              <TableCell>{role.members}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {role.builtIn ? null : (
                  <>
                    <IconButton aria-label={`Edit role ${role.name}`} color="success" onClick={() => onEdit(role)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete role ${role.name}`}
                      color="error"
                      disabled={remove.isPending && remove.variables === role.id}
                      onClick={() =>
                        remove.mutate(role.id, {
                          onSuccess: (answer) => showAlert('success', answer.msg),
                          onError: (error) => showAlert('error', errorMessage(error)),
                        })
                      }
                    >
                      <DeleteIcon />
                    </IconButton>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
