import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createTestDatabase } from './test-database';

export const ownerEmail = 'owner@shop.test';
export const ownerPassword = 'owner-password-1';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Moves the app's clock (ms). */
  advance(ms: number): void;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  let now = Date.now();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // Sign-up is closed by default (design.md §4); most tests make their administrators by
    // signing up. A test of the default passes SIGNUP_ALLOW: '' (an empty value counts as unset).
    SIGNUP_ALLOW: '*',
    ...env,
  });
  const app = await buildApp(config, {
    clock: () => now,
    sweep: false,
    logger: false,
    throttle: { accountFree: 1000, ipFree: 1000 },
    // Tests sign in and up far more often than a person; rate-limits.test.ts sets the real limits.
    requestLimits: { signIn: 100_000, other: 100_000 },
    // A live event stream ends after a quarter second, so the tests that call every route
    // (access matrix, API description) get whole answers; events.test.ts keeps its streams open.
    eventStreamMs: 250,
    ...options,
  });
  await app.ready();
  return {
    app,
    config,
    advance: (ms) => {
      now += ms;
    },
    request: (opts) => app.inject(opts),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const engineName = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

/** Signs in and returns the bearer token (throws on failure). */
export async function signIn(t: TestApp, email = ownerEmail, password = ownerPassword): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/user/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Signs up an administrator (or a customer) and signs in when it is an administrator. */
export async function createAdmin(t: TestApp, email: string, password = 'admin-password-1') {
  const res = await t.request({
    method: 'POST',
    url: '/api/user/signup',
    payload: { name: email.split('@')[0], email, phone: '5550100', password, confirmPassword: password, isAdmin: true },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await signIn(t, email, password);
  return { id: res.json().user.id as string, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
