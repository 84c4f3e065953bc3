import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { firstMessage, resetPasswordBodySchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useResetPassword } from '../api/reset-password';

/** Sets a new password with the single-use token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => navigate('/login'), redirectDelayMs);
      },
      // Covers the password rule (length, common passwords) and an expired or used link.
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  const isBusy = reset.isPending || isRedirecting;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isBusy}>
        {isBusy ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Set new password'}
      </Button>
      <Link component={RouterLink} to="/forgot-password" sx={{ justifySelf: 'center' }}>
        Ask for a new link
      </Link>
    </Box>
  );
}
