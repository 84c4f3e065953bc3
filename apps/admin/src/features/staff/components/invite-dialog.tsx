import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type InviteBody, inviteBodySchema, staffMessages } from '@shopdesk/contract';
import { useState } from 'react';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useInviteStaff } from '../api/invite-staff';
import { useRoles } from '../api/list-roles';

const emptyForm = { name: '', email: '', role: '' };

/** Invite a staff member: name, e-mail, role; the link is mailed and also shown once here. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const roles = useRoles();
  const invite = useInviteStaff();
  const form = useSpecForm<typeof emptyForm, InviteBody>({
    defaultValues: emptyForm,
    resolver: specResolver(inviteBodySchema),
  });
  const [link, setLink] = useState<string | null>(null);
  const roleNames = (roles.data ?? []).map((role) => role.name).filter((name) => name !== 'owner');

  const close = () => {
    form.reset(emptyForm);
    setLink(null);
    invite.reset();
    onClose();
  };

  function handleSubmit(data: InviteBody) {
    invite.mutate(data, {
      onSuccess: (answer) => {
        showAlert('success', staffMessages.inviteSent);
        setLink(answer.inviteUrl);
      },
      onError: form.showServerError,
    });
  }

  const field = (name: keyof typeof emptyForm) => ({
    control: form.control,
    name,
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void form.submit(handleSubmit)(event)}>
        <DialogTitle>Invite a staff member</DialogTitle>
        <DialogContent>
          {link ? (
            <>
              <Typography gutterBottom>
                The invitation is on its way to {form.getValues('email')}. The link works once, for 7 days:
              </Typography>
              <TextField
                value={link}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Invitation link' } }}
              />
            </>
          ) : (
            <>
              <FormTextField label="Name" autoComplete="off" {...field('name')} />
              <FormTextField label="Email" type="email" autoComplete="off" {...field('email')} />
              <FormTextField select label="Role" {...field('role')}>
                {roleNames.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </FormTextField>
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
