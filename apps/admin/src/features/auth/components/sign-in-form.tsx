import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { firstMessage, signinBodySchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { markLoggedIn, saveSession } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

export function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = signinBodySchema.safeParse({ email, password, isAdmin: true });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    signIn.mutate(
      { email: parsed.data.email, password: parsed.data.password },
      {
        onSuccess: (answer) => {
          const { user } = answer;
          saveSession(answer.token, { name: user.name, email: user.email, userId: user.id, isAdmin: user.isAdmin });
          showAlert('success', answer.msg);
          setIsRedirecting(true);
          setTimeout(() => {
            markLoggedIn();
            navigate('/dashboard');
          }, redirectDelayMs);
        },
        // Includes a two-step answer (401 twoFactorRequired): its msg says what to do.
        onError: (error) => showAlert('error', errorMessage(error)),
      },
    );
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
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <SubmitButton isPending={signIn.isPending || isRedirecting}>Sign In</SubmitButton>
      <Link component={RouterLink} to="/forgot-password" sx={{ justifySelf: 'center' }}>
        Forgot Password?
      </Link>
      <Divider>or</Divider>
      <GoogleSignInButton />
      <Typography sx={{ textAlign: 'center' }}>
        Not registered?{' '}
        <Link component={RouterLink} to="/signUp">
          Sign Up
        </Link>
      </Typography>
    </Box>
  );
}
