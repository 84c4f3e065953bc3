import Alert from '@mui/material/Alert';
import { type Permission, staffMessages } from '@shopdesk/contract';
import type { ReactNode } from 'react';
import { usePermissionState } from '../../lib/permissions';
import { LoadingState } from './query-state';

/** The message a screen shows in place of what the signed-in role may not use. */
export function NoPermission() {
  return (
    <Alert severity="warning" variant="outlined" role="alert">
      {staffMessages.noPermission}
    </Alert>
  );
}

/**
 * A screen (or part of one) that needs a permission: without it, the message instead of a
 * broken screen (a direct URL to a screen the role may not use).
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { permissions, isKnown } = usePermissionState();
  if (!isKnown) return <LoadingState />;
  return permissions.has(permission) ? children : <NoPermission />;
}
