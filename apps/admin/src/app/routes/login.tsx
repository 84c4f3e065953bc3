import { useState } from 'react';
import { Navigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { hasToken } from '../../lib/session';

export default function LoginScreen() {
  // Only a token present when the page opens redirects; the one a sign-in stores does not.
  const [hadToken] = useState(hasToken);
  if (hadToken) return <Navigate to="/" replace />;
  return (
    <AuthCard title="Login to Shopdesk">
      <SignInForm />
    </AuthCard>
  );
}
