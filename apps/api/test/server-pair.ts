import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { bearer, createTestApp, type TestApp } from './test-app';

/** A request to one server of a pair. */
export type Server = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Two servers on one database, as behind a load balancer (two-servers and instances tests). */
export interface Pair {
  /** Server A: a test app with its own database. */
  t: TestApp;
  /** Server B: built again from A's config, so on the same database and the same token secret; same clock. */
  b: FastifyInstance;
  /** A request to A, and to B. */
  A: Server;
  B: Server;
  close(): Promise<void>;
}

export async function createPair(options: BuildOptions = {}): Promise<Pair> {
  const t = await createTestApp({}, options);
  const b = await buildApp(t.config, {
    clock: t.app.ctx.clock,
    sweep: false,
    logger: false,
    throttle: { accountFree: 1000, ipFree: 1000 },
    requestLimits: { signIn: 100_000, other: 100_000 },
    ...options,
  });
  await b.ready();
  return {
    t,
    b,
    A: (o) => t.request(o),
    B: (o) => b.inject(o),
    close: async () => {
      await b.close();
      await t.close();
    },
  };
}

export const pleaseSignIn = { error: true, msg: 'Please sign in' };

/** A request that needs a live session; the status it got (a 401 in the API's words). */
export async function ping(server: Server, token: string): Promise<number> {
  const res = await server({ method: 'GET', url: '/api/user/get/count', headers: bearer(token) });
  if (res.statusCode === 401) expect(res.json()).toEqual(pleaseSignIn);
  return res.statusCode;
}
