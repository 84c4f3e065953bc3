import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { messages } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/** Requests one address may make in a window, per kind of public call (api.md §1). */
export interface RequestLimits {
  /** Sign-in (password or Google): at least 60 a minute. */
  signIn: number;
  /** Sign-up, forgotten and reset password, accepting a staff invitation: at least 10 a minute. */
  other: number;
  windowMs: number;
}

export const defaultRequestLimits: RequestLimits = { signIn: 60, other: 10, windowMs: 60_000 };

/** The limited calls: method and full path, and which limit each gets. Each counts apart. */
const limitedCalls: Record<string, keyof Omit<RequestLimits, 'windowMs'>> = {
  'POST /api/user/signin': 'signIn',
  'POST /api/user/authWithGoogle': 'signIn',
  'POST /api/user/signup': 'other',
  'POST /api/user/forgotPassword': 'other',
  'POST /api/user/resetPassword': 'other',
  'POST /api/staff/acceptInvite': 'other',
};

/** Counts one request for `key` in the window that `now` falls in (db/shared-limits.ts on PostgreSQL). */
export type CountRequest = (
  key: string,
  windowMs: number,
  now: number,
) => Promise<{ hits: number; windowEnds: number }>;

export interface RateLimitsOptions {
  limits: RequestLimits;
  /**
   * Where the counts live when several servers share them (PostgreSQL): given, every server
   * counts the same requests; absent, @fastify/rate-limit's own memory store (SQLite: one process).
   */
  count?: CountRequest;
}

/**
 * @fastify/rate-limit's documented custom store (its `store` option): each count is one upsert
 * in the shared database. One store serves every route: the plugin adds the route's `groupId`
 * to the key, so the calls count apart.
 */
function sharedStore(count: CountRequest) {
  return class SharedRequestStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      window: number,
    ) {
      const now = Date.now();
      count(key, window, now).then(
        ({ hits, windowEnds }) => callback(null, { current: hits, ttl: Math.max(0, windowEnds - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Per-address request limits on the public calls that cost the server (an argon2 hash, an
 * e-mail): 429 `{error:true, msg}` with Retry-After once an address made more than its limit
 * in the window. The address is `request.ip`, which follows TRUST_PROXY (Fastify's trustProxy).
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, { limits, count }: RateLimitsOptions) => {
  // Runs before @fastify/rate-limit's own onRoute hook (hooks run in the order they are added),
  // which reads the route's `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const kind = methods.map((method) => limitedCalls[`${method} ${route.url}`]).find(Boolean);
    if (!kind) return;
    route.config = {
      ...route.config,
      rateLimit: { max: limits[kind], timeWindow: limits.windowMs, groupId: `|${route.url}` },
    };
  });
  await app.register(rateLimit, {
    global: false,
    ...(count ? { store: sharedStore(count) } : {}),
    // Only the answer that refuses carries headers (Retry-After); others go out as before.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    // Thrown: the error handler answers {error:true, msg} with the Retry-After header set above.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, messages.tooManyAttempts(seconds), {}, { 'Retry-After': String(seconds) });
    },
  });
});
