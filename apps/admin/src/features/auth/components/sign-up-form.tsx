import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { firstMessage, messages, signupBodySchema } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { configQueryOptions } from '../../../lib/app-config';
import { type SignUpInput, useSignUp } from '../api/sign-up';
import { AuthForm, CenteredText, OrDivider, TextLink } from './auth-form-parts';
import { GoogleSignInButton } from './google-sign-in-button';
import { SubmitButton } from './submit-button';

const emptyForm: SignUpInput = { name: '', email: '', phone: '', password: '', confirmPassword: '' };

/** Without SIGNUP_ALLOW nobody may sign up (staff are invited): the screen says so instead. */
export function SignUpForm() {
  const config = useQuery(configQueryOptions());
  if (config.data?.signupOpen === false) return <SignUpClosed />;
  // Until the answer comes (or if it fails) the form shows; the server enforces the rule.
  return <OpenSignUpForm />;
}

function SignUpClosed() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">{messages.signupClosed}</Alert>
      <OrDivider />
      <GoogleSignInButton />
      <CenteredText>
        Already have an account? <TextLink to="/login">Sign In</TextLink>
      </CenteredText>
    </Box>
  );
}

function OpenSignUpForm() {
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
    <AuthForm noValidate onSubmit={handleSubmit}>
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" type="number" autoComplete="tel" {...field('phone')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <SubmitButton isPending={signUp.isPending || isRedirecting}>Sign Up</SubmitButton>
      <OrDivider />
      <GoogleSignInButton />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <TextLink to="/">Go To Home</TextLink>
        <TextLink to="/forgot-password">Forgot Password?</TextLink>
      </Box>
      <CenteredText>
        Already registered? <TextLink to="/login">Sign In</TextLink>
      </CenteredText>
    </AuthForm>
  );
}
