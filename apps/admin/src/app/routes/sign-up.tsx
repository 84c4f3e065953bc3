import { AuthCard } from '../../features/auth/components/auth-card';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { QueryProvider } from '../query-provider';

export default function SignUpScreen() {
  return (
    <AuthCard title="Register a new account">
      <QueryProvider>
        <SignUpForm />
      </QueryProvider>
    </AuthCard>
  );
}
