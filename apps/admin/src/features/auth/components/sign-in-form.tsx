import { securityMessages, validateSigninForm } from '@shopdesk/contract';
import { Suspense, useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { lazyThemed } from '../../../lib/lazy-themed';
import { markLoggedIn, saveSession, storedUserOf } from '../../../lib/session';
import { signIn } from '../api/sign-in';
import { AuthForm, CenteredText, OrDivider, TextLink } from './auth-form-parts';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

// Shown only after the server asks for a two-step code, so its Alert loads then.
const AuthenticationCodeField = lazyThemed(() =>
  import('./authentication-code-field').then((module) => module.AuthenticationCodeField),
);

type SignInValues = { email: string; password: string; otp: string };

/**
 * The contract's sign-in check without zod (sign-in-form.ts says why: this page is the first
 * download), as the form's resolver: its one message marks the field it is about.
 */
const signInResolver: Resolver<SignInValues> = (values) => {
  const parsed = validateSigninForm(values.email, values.password);
  if (parsed.ok) return { values: { ...values, email: parsed.email, password: parsed.password }, errors: {} };
  // The e-mail is checked first: if it passes alone, the message is the password's.
  const name = validateSigninForm(values.email, 'x').ok ? 'password' : 'email';
  return { values: {}, errors: { [name]: { type: 'validate', message: parsed.message } } };
};

export function SignInForm() {
  const navigate = useNavigate();
  const form = useSpecForm<SignInValues>({
    defaultValues: { email: '', password: '', otp: '' },
    resolver: signInResolver,
  });
  // Set when the server asks for the two-step code: its words, shown above the code field.
  const [codePrompt, setCodePrompt] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  // Stays true from success until the 2 s redirect, so nobody submits twice.
  const [isRedirecting, setIsRedirecting] = useState(false);

  async function handleSubmit(parsed: SignInValues) {
    const otp = parsed.otp.trim();
    if (codePrompt !== null && !otp) {
      form.fail(securityMessages.otpMissing, 'otp');
      return;
    }
    setIsSigningIn(true);
    try {
      const answer = await signIn({
        email: parsed.email,
        password: parsed.password,
        ...(codePrompt !== null ? { otp } : {}),
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
      else form.showServerError(error);
    } finally {
      setIsSigningIn(false);
    }
  }

  return (
    <AuthForm noValidate onSubmit={(event) => void form.submit(handleSubmit)(event)}>
      <FormOutlinedField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        fullWidth
      />
      <FormOutlinedField
        control={form.control}
        name="password"
        password
        label="Password"
        autoComplete="current-password"
        fullWidth
      />
      {codePrompt !== null ? (
        <Suspense fallback={null}>
          <Controller
            control={form.control}
            name="otp"
            render={({ field, fieldState }) => (
              <AuthenticationCodeField
                prompt={codePrompt}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        </Suspense>
      ) : null}
      <SubmitButton isPending={isSigningIn || isRedirecting}>{codePrompt !== null ? 'Verify' : 'Sign In'}</SubmitButton>
      <TextLink to="/forgot-password" centred>
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
