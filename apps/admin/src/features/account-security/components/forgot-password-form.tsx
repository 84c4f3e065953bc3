import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { forgotPasswordBodySchema } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const form = useSpecForm<{ email: string }, { email: string }>({
    defaultValues: { email: '' },
    resolver: specResolver(forgotPasswordBodySchema),
  });
  const forgot = useForgotPassword();

  function handleSubmit({ email }: { email: string }) {
    forgot.mutate(email, {
      onSuccess: (answer) => showAlert('success', answer.msg),
      onError: form.showServerError,
    });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={forgot.isPending}>
        {forgot.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Send reset link'}
      </Button>
      <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center' }}>
        Back to Sign In
      </Link>
    </Box>
  );
}
