import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { firstMessage, signupBodySchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { type SignUpInput, useSignUp } from '../api/sign-up';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

const emptyForm: SignUpInput = { name: '', email: '', phone: '', password: '', confirmPassword: '' };

export function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [form, setForm] = useState(emptyForm);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const field = (name: keyof SignUpInput) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
    fullWidth: true,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = signupBodySchema.safeParse({ ...form, isAdmin: true });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    signUp.mutate(form, {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => navigate('/login'), redirectDelayMs);
      },
      // Failures answer {status:'FAILED', msg}; the thrown ApiError carries that msg.
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="number" autoComplete="tel" {...field('phone')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <SubmitButton isPending={signUp.isPending || isRedirecting}>Sign Up</SubmitButton>
      <Divider>or</Divider>
      <GoogleSignInButton />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/">
          Go To Home
        </Link>
        <Link component={RouterLink} to="/forgot-password">
          Forgot Password?
        </Link>
      </Box>
      <Typography sx={{ textAlign: 'center' }}>
        Already registered?{' '}
        <Link component={RouterLink} to="/login">
          Sign In
        </Link>
      </Typography>
    </Box>
  );
}
