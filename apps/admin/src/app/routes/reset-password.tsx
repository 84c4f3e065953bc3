import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/account-security/components/reset-password-form';
import { AuthCard } from '../../features/auth/components/auth-card';
import { QueryProvider } from '../query-provider';

export default function ResetPasswordScreen() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Set a new password">
      <QueryProvider>
        <ResetPasswordForm token={token} />
      </QueryProvider>
    </AuthCard>
  );
}
