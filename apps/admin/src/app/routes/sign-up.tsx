import { AuthCard } from '../../features/auth/components/auth-card';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

export default function SignUpScreen() {
  return (
    <AuthCard title="Register a new account">
      <SignUpForm />
    </AuthCard>
  );
}
