import TextField from '@mui/material/TextField';
import { acceptInviteBodySchema, firstMessage, staffMessages } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { markLoggedIn, saveSession, storedUserOf } from '../../../lib/session';
import { useAcceptInvite } from '../api/accept-invite';
import { AcceptInviteSubmit } from './accept-invite-submit';

const emptyForm = { name: '', phone: '', password: '', confirmPassword: '' };

/**
 * Joining through an invitation: the sign-up form's fields and rules (spec §5) but the e-mail,
 * which is the invitation's. The answer is a sign-in: stored, then the dashboard after 2 s.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [form, setForm] = useState(emptyForm);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
    fullWidth: true,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      showAlert('error', staffMessages.inviteInvalid);
      return;
    }
    const parsed = acceptInviteBodySchema.safeParse({ ...form, token });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    accept.mutate(parsed.data, {
      onSuccess: (answer) => {
        saveSession(answer.token, storedUserOf(answer.user), answer.user.permissions);
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => {
          markLoggedIn();
          navigate(answer.twoFactorSetupRequired ? '/my-account?tab=two-step&required=1' : '/dashboard');
        }, redirectDelayMs);
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} style={{ display: 'grid', gap: 16 }}>
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Phone" type="number" autoComplete="tel" {...field('phone')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <AcceptInviteSubmit isPending={accept.isPending || isRedirecting} />
    </form>
  );
}
