import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import {
  firstMessage,
  type Permission,
  permissionLabels,
  permissionNames,
  type Role,
  roleBodySchema,
  staffMessages,
} from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useSaveRole } from '../api/save-role';

/** One form for a new role and for changing one (`role` given): a name and permission checkboxes. */
export function RoleDialog({ role, onClose }: { role: Role | null | undefined; onClose: () => void }) {
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));

  const toggle = (permission: Permission) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { name, permissions: permissionNames.filter((permission) => chosen.has(permission)) };
    const parsed = roleBodySchema.safeParse(body);
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    save.mutate(
      { body: parsed.data, id: role?.id },
      {
        onSuccess: () => {
          showAlert('success', staffMessages.roleSaved);
          onClose();
        },
        onError: (error) => showAlert('error', errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle>{role ? `Edit role ${role.name}` : 'New role'}</DialogTitle>
        <DialogContent>
          <TextField
            label="Role name"
            value={name}
            onChange={(event) => setName(event.target.value)}
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
