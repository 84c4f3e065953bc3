import { securityMessages, validateSigninForm } from '@shopdesk/contract';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { OutlinedField } from '../../../components/ui/outlined-field';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { markLoggedIn, saveSession, storedUserOf } from '../../../lib/session';
import { signIn } from '../api/sign-in';
import { AuthForm, CenteredText, OrDivider, TextLink } from './auth-form-parts';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

// Shown only after the server asks for a two-step code, so its Alert loads then.
const AuthenticationCodeField = lazy(() =>
  import('./authentication-code-field').then(({ AuthenticationCodeField }) => ({ default: AuthenticationCodeField })),
);

export function SignInForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set when the server asks for the two-step code: its words, shown above the code field.
  const [codePrompt, setCodePrompt] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [isSigningIn, setIsSigningIn] = useState(false);
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  async function handleSubmit(event: FormEvent) {
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
    setIsSigningIn(true);
    try {
      const answer = await signIn({
        email: parsed.email,
        password: parsed.password,
        ...(codePrompt !== null ? { otp: otp.trim() } : {}),
      });
      const { user } = answer;
      saveSession(answer.token, storedUserOf(user), user.permissions);
      showAlert('success', answer.msg);
      setIsRedirecting(true);
      setTimeout(() => {
        markLoggedIn();
        // With ADMIN_REQUIRE_2FA nothing else works until two-step sign-in is on.
        navigate(answer.twoFactorSetupRequired ? '/my-account?tab=two-step&required=1' : '/dashboard');
      }, redirectDelayMs);
    } catch (error) {
      // The first two-step answer (401 twoFactorRequired) opens the code field; a wrong code is an error.
      if (codePrompt === null && asksForCode(error)) setCodePrompt(errorMessage(error));
      else showAlert('error', errorMessage(error));
    } finally {
      setIsSigningIn(false);
    }
  }

  return (
    <AuthForm noValidate onSubmit={(event) => void handleSubmit(event)}>
      <OutlinedField
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
      {codePrompt !== null ? (
        <Suspense fallback={null}>
          <AuthenticationCodeField prompt={codePrompt} value={otp} onChange={setOtp} />
        </Suspense>
      ) : null}
      <SubmitButton isPending={isSigningIn || isRedirecting}>{codePrompt !== null ? 'Verify' : 'Sign In'}</SubmitButton>
      <TextLink to="/forgot-password" sx={{ justifySelf: 'center' }}>
        Forgot Password?
      </TextLink>
      <OrDivider />
      <GoogleSignInButton />
      <CenteredText>
        Not registered? <TextLink to="/signUp">Sign Up</TextLink>
      </CenteredText>
    </AuthForm>
  );
}

function asksForCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return (error.body as { twoFactorRequired?: unknown } | null)?.twoFactorRequired === true;
}
