import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { firstMessage, forgotPasswordBodySchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    forgot.mutate(parsed.data.email, {
      onSuccess: (answer) => showAlert('success', answer.msg),
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={forgot.isPending}>
        {forgot.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Send reset link'}
      </Button>
      <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
        Back to Sign In
      </Link>
    </Box>
  );
}
