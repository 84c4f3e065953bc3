import { messages, securityMessages } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteActivity } from '../lib/activity-declaration';
import type { Caller } from '../lib/caller';
import { forbidden, unauthorized } from '../lib/http-error';
import { type RoutePermission, refusalFor } from '../lib/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes need no token; every other route needs an administrator's. */
    access?: 'public';
    /** Reachable while ADMIN_REQUIRE_2FA waits for this administrator to set up two-step sign-in. */
    allowBeforeTwoFactor?: boolean;
    /**
     * What the caller's role must hold (api.md §10; lib/permissions.ts): a permission, or `staff`
     * (any staff member, for their own account). A route other than a plain read that declares
     * nothing is refused to everyone (deny by default).
     */
    permission?: RoutePermission;
    /** The words a caller without the permission is refused with, when the spec has its own (deletes). */
    refusal?: string;
    /** The path parameter that must name the caller's own account: any other id gets 403. */
    ownAccountParam?: string;
    /** What the route's change writes to the activity log (lib/activity-declaration.ts). */
    activity?: RouteActivity;
  }
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in administrator behind this request (set by the auth hook). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(messages.pleaseSignIn);
  return request.caller;
}

export interface AuthOptions {
  /**
   * The caller behind a bearer token, refused (401) when the token is forged, expired, idle or
   * ended: the sessions service's, given by buildApp (plugins import no module).
   */
  authenticate: (token: string) => Promise<Caller>;
}

/**
 * Deny by default: every route refuses anonymous callers (401) and non-administrators
 * (403) unless it is marked `config: { access: 'public' }`. Public routes still learn
 * who is calling when a valid token comes along (GET /api/config names the owner then).
 *
 * Everything about who may call a route is decided here, in `onRequest`: before the body is
 * read, the path parameters and query validated, or a handler runs. So a caller who may not call
 * a route gets 401 / 403 whatever they send, never a 400 that tells what the route accepts. That
 * includes what a route declares in its config: `permission` (with `refusal`, the spec's words for
 * deletes) and `ownAccountParam` (a user's own account). The permissions are the caller's role's,
 * read with the session on this request, so a role change counts from the member's next request.
 */
export const authPlugin = fp(async (app: FastifyInstance, { authenticate }: AuthOptions) => {
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request) => {
    // Decided by the matched route (not the raw URL, which may be percent-encoded): every
    // /api route is guarded; the SPA, /uploads and unmatched paths (404) are not.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.is404) return;
    const isPublic = request.routeOptions.config?.access === 'public';
    const token = bearerToken(request);
    if (isPublic) {
      if (token) request.caller = await authenticate(token).catch(() => undefined);
      return;
    }
    if (!token) throw unauthorized(messages.pleaseSignIn);
    const caller = await authenticate(token);
    if (!caller.isAdmin) throw forbidden(messages.notAdmin);
    const config = request.routeOptions.config;
    if (caller.mustSetUpTwoFactor && !config?.allowBeforeTwoFactor) {
      throw forbidden(securityMessages.twoFactorRequired);
    }
    const refusal = refusalFor(
      { method: request.method, permission: config?.permission, refusal: config?.refusal },
      caller.permissions,
    );
    if (refusal !== undefined) throw forbidden(refusal);
    // The router has matched the path (params are its raw, decoded strings); nothing is validated yet.
    const params = request.params as Record<string, string | undefined>;
    if (config?.ownAccountParam !== undefined && params[config.ownAccountParam] !== caller.id) {
      throw forbidden(messages.onlyOwnRecord);
    }
    request.caller = caller;
  });
});
