import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { securityMessages, validateSigninForm } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { markLoggedIn, saveSession } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';
import { AuthenticationCodeField } from './authentication-code-field';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

export function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set when the server asks for the two-step code: its words, shown above the code field.
  const [codePrompt, setCodePrompt] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The same first message as the server's schema, without downloading zod for it.
    const parsed = validateSigninForm(email, password);
    if (!parsed.ok) {
      showAlert('error', parsed.message);
      return;
    }
    if (codePrompt !== null && !otp.trim()) {
      showAlert('error', securityMessages.otpMissing);
      return;
    }
    signIn.mutate(
      { email: parsed.email, password: parsed.password, ...(codePrompt !== null ? { otp: otp.trim() } : {}) },
      {
        onSuccess: (answer) => {
          const { user } = answer;
          saveSession(answer.token, { name: user.name, email: user.email, userId: user.id, isAdmin: user.isAdmin });
          showAlert('success', answer.msg);
          setIsRedirecting(true);
          setTimeout(() => {
            markLoggedIn();
            // With ADMIN_REQUIRE_2FA nothing else works until two-step sign-in is on.
            navigate(answer.twoFactorSetupRequired ? '/my-account?tab=two-step&required=1' : '/dashboard');
          }, redirectDelayMs);
        },
        onError: (error) => {
          // The first two-step answer (401 twoFactorRequired) opens the code field; a wrong code is an error.
          if (codePrompt === null && asksForCode(error)) setCodePrompt(errorMessage(error));
          else showAlert('error', errorMessage(error));
        },
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
      {codePrompt !== null ? <AuthenticationCodeField prompt={codePrompt} value={otp} onChange={setOtp} /> : null}
      <SubmitButton isPending={signIn.isPending || isRedirecting}>
        {codePrompt !== null ? 'Verify' : 'Sign In'}
      </SubmitButton>
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

function asksForCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return (error.body as { twoFactorRequired?: unknown } | null)?.twoFactorRequired === true;
}
