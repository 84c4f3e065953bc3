import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AcceptInviteForm } from '../../features/staff/components/accept-invite-form';
import { QueryProvider } from '../query-provider';

/** `/accept-invite?token=…`: the link of a staff invitation (api.md §10), signed out. */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Join the shop's back office">
      <QueryProvider>
        <AcceptInviteForm token={params.get('token') ?? ''} />
      </QueryProvider>
    </AuthCard>
  );
}
