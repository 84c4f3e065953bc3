import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import {
  type Permission,
  permissionLabels,
  permissionNames,
  type Role,
  roleBodySchema,
  staffMessages,
} from '@shopdesk/contract';
import { useController } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useSaveRole } from '../api/save-role';

type RoleValues = { name: string; permissions: Permission[] };

/** One form for a new role and for changing one (`role` given): a name and permission checkboxes. */
export function RoleDialog({ role, onClose }: { role: Role | null | undefined; onClose: () => void }) {
  const save = useSaveRole();
  const form = useSpecForm<RoleValues, RoleValues>({
    defaultValues: {
      name: role?.name ?? '',
      permissions: permissionNames.filter((permission) => role?.permissions.includes(permission)),
    },
    resolver: specResolver(roleBodySchema),
  });
  const permissions = useController({ control: form.control, name: 'permissions' });
  const chosen = new Set(permissions.field.value);

  // The list stays in the contract's order of permissions, whatever order they are ticked in.
  const toggle = (permission: Permission) =>
    permissions.field.onChange(
      permissionNames.filter((other) => (other === permission ? !chosen.has(other) : chosen.has(other))),
    );

  function handleSubmit(body: RoleValues) {
    save.mutate(
      { body, id: role?.id },
      {
        onSuccess: () => {
          showAlert('success', staffMessages.roleSaved);
          onClose();
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void form.submit(handleSubmit)(event)}>
        <DialogTitle>{role ? `Edit role ${role.name}` : 'New role'}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={form.control}
            name="name"
            label="Role name"
            fullWidth
            margin="dense"
            autoComplete="off"
          />
          <FormLabel component="legend" sx={{ mt: 2 }}>
            Permissions
          </FormLabel>
          <FormGroup>
            {permissionNames.map((permission) => (
              <FormControlLabel
                key={permission}
                control={<Checkbox checked={chosen.has(permission)} onChange={() => toggle(permission)} />}
                label={`${permission}: ${permissionLabels[permission]}`}
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
