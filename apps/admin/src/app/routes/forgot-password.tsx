import { ForgotPasswordForm } from '../../features/account-security/components/forgot-password-form';
import { AuthCard } from '../../features/auth/components/auth-card';
import { QueryProvider } from '../query-provider';

export default function ForgotPasswordScreen() {
  return (
    <AuthCard title="Forgot your password?">
      <QueryProvider>
        <ForgotPasswordForm />
      </QueryProvider>
    </AuthCard>
  );
}
