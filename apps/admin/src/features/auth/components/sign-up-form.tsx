import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { messages, signupBodySchema } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
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
  const form = useSpecForm<SignUpInput, unknown>({
    defaultValues: emptyForm,
    resolver: specResolver(signupBodySchema),
  });
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit() {
    // The fields as typed: the server reads them with the same schema.
    signUp.mutate(form.getValues(), {
      onSuccess: (answer) => {
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => navigate('/login'), redirectDelayMs);
      },
      // Failures answer {status:'FAILED', msg}; the thrown ApiError carries that msg.
      onError: form.showServerError,
    });
  }

  return (
    <AuthForm noValidate onSubmit={(event) => void form.submit(handleSubmit)(event)}>
      <FormTextField control={form.control} name="name" label="Name" autoComplete="name" fullWidth />
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
      <FormPhoneField control={form.control} name="phone" />
      <NewPasswordFields control={form.control} />
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
