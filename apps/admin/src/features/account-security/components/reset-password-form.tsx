import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { resetPasswordBodySchema } from '@shopdesk/contract';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { useResetPassword } from '../api/reset-password';

type ResetValues = { token: string; password: string; confirmPassword: string };

/** Sets a new password with the single-use token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  // The token is the link's, not a field: a server `fields.token` marks nothing.
  const form = useSpecForm<ResetValues, ResetValues>({
    defaultValues: { token, password: '', confirmPassword: '' },
    resolver: specResolver(resetPasswordBodySchema),
  });
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit(data: ResetValues) {
    reset.mutate(data, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => navigate('/login'), redirectDelayMs);
      },
      // Covers the password rule (length, common passwords) and an expired or used link.
      onError: form.showServerError,
    });
  }

  const isBusy = reset.isPending || isRedirecting;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormOutlinedField
        control={form.control}
        name="password"
        password
        label="New password"
        autoComplete="new-password"
        fullWidth
      />
      <FormOutlinedField
        control={form.control}
        name="confirmPassword"
        password
        label="Confirm password"
        autoComplete="new-password"
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
