import type { Permission, User } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { rememberPermissions, useSession } from './session';

/**
 * What the signed-in person may do (api.md §10), for hiding or disabling what they may not: the
 * server decides, this only keeps the screens honest. Read from their own record
 * (`GET /api/user/:id`, the query key My Account uses too), so a role changed by the owner shows
 * on the next load of it; until it answers, those it last gave (or the sign-in answer's), kept
 * in local storage (session.ts).
 */
export function usePermissions(): ReadonlySet<string> {
  return usePermissionState().permissions;
}

/** The permissions, and whether they are known yet (stored at sign-in, or read from the server). */
export function usePermissionState(): { permissions: ReadonlySet<string>; isKnown: boolean } {
  const { user, permissions: signedIn } = useSession();
  const userId = user?.userId ?? '';
  const own = useQuery({
    queryKey: ['users', 'detail', userId],
    queryFn: ({ signal }) => api.get<User>(`/api/user/${encodeURIComponent(userId)}`, signal),
    enabled: userId !== '',
  });
  const fresh = own.data?.permissions;
  useEffect(() => {
    if (fresh) rememberPermissions(fresh);
  }, [fresh]);
  const list = fresh ?? signedIn;
  // A failed read is "known" too (nothing granted): the screen says so rather than wait forever.
  return { permissions: new Set(list ?? []), isKnown: list !== undefined || own.isError || userId === '' };
}

export function useCan(permission: Permission): boolean {
  return usePermissions().has(permission);
}
