import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { accountSecurityTabs } from '../../features/account-security/components/account-security-tabs';
import { AccountTabs } from '../../features/users/components/account-tabs';
import { getStoredUser, hasToken } from '../../lib/session';
import { deleteAllTemporaryImages } from '../../lib/temporary-uploads';

export default function MyAccountScreen() {
  const signedIn = hasToken();
  const user = getStoredUser();

  // Leftover temporary uploads from an abandoned form must not appear in a new upload.
  useEffect(() => {
    if (signedIn) void deleteAllTemporaryImages();
  }, [signedIn]);

  if (!signedIn || !user) return <Navigate to="/login" replace />;
  return (
    <>
      <PageHeader title="My Account" crumbs={[{ label: 'My Account' }]} />
      <AccountTabs userId={user.userId} extraTabs={accountSecurityTabs} />
    </>
  );
}
