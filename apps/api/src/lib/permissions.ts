import { type Permission, staffMessages } from '@shopdesk/contract';

/**
 * What a route declares it needs (its `config.permission`, api.md §10): a permission, or `staff`
 * for what every signed-in staff member may do to their own account (profile, password,
 * two-step sign-in, sessions, their own uploads).
 */
export type RoutePermission = Permission | 'staff';

export interface RouteAccess {
  method: string;
  permission?: RoutePermission | undefined;
  /** The words a caller without the permission is refused with (the spec's owner-only deletes). */
  refusal?: string | undefined;
}

const plainReads = new Set(['GET', 'HEAD']);

/**
 * Deny by default: the message a caller holding `permissions` is refused with (403), or
 * undefined when they may call the route. A plain read needs no declaration (any staff token
 * reads); any other method must declare what it needs, and without a declaration nobody may
 * call it, so a new route that forgets is refused to everyone rather than open to everyone.
 */
export function refusalFor(route: RouteAccess, permissions: ReadonlySet<string>): string | undefined {
  const { permission } = route;
  if (permission === undefined) return plainReads.has(route.method) ? undefined : staffMessages.noPermission;
  if (permission === 'staff' || permissions.has(permission)) return undefined;
  return route.refusal ?? staffMessages.noPermission;
}

/** The permissions a session read brings (one space-separated text: sessions.repository.ts). */
export function parsePermissions(text: string | null | undefined): ReadonlySet<string> {
  return new Set(text ? text.split(' ').filter(Boolean) : []);
}
