import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { firstMessage, inviteBodySchema, staffMessages } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useInviteStaff } from '../api/invite-staff';
import { useRoles } from '../api/list-roles';

const emptyForm = { name: '', email: '', role: '' };

/** Invite a staff member: name, e-mail, role; the link is mailed and also shown once here. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const roles = useRoles();
  const invite = useInviteStaff();
  const [form, setForm] = useState(emptyForm);
  const [link, setLink] = useState<string | null>(null);
  const roleNames = (roles.data ?? []).map((role) => role.name).filter((name) => name !== 'owner');

  const close = () => {
    setForm(emptyForm);
    setLink(null);
    invite.reset();
    onClose();
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = inviteBodySchema.safeParse(form);
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (answer) => {
        showAlert('success', staffMessages.inviteSent);
        setLink(answer.inviteUrl);
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle>Invite a staff member</DialogTitle>
        <DialogContent>
          {link ? (
            <>
              <Typography gutterBottom>
                The invitation is on its way to {form.email}. The link works once, for 7 days:
              </Typography>
              <TextField
                value={link}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Invitation link' } }}
              />
            </>
          ) : (
            <>
              <TextField label="Name" autoComplete="off" {...field('name')} />
              <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
              <TextField select label="Role" {...field('role')}>
                {roleNames.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{link ? 'Done' : 'Cancel'}</Button>
          {link ? null : (
            <Button type="submit" variant="contained" disabled={invite.isPending}>
              Send invitation
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
