import { ForgotPasswordForm } from '../../features/account-security/components/forgot-password-form';
import { AuthCard } from '../../features/auth/components/auth-card';

export default function ForgotPasswordScreen() {
  return (
    <AuthCard title="Forgot your password?">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
