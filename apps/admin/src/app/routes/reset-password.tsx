import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/account-security/components/reset-password-form';
import { AuthCard } from '../../features/auth/components/auth-card';

export default function ResetPasswordScreen() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Set a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
