import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { api, spawnServer } from '../../apps/api/test/server-process';
import { createTestDatabase } from '../../apps/api/test/test-database';

/** A JSON call against a running server (for arranging data in browser tests). */
export { api };

export const ownerEmail = 'owner@shop.test';
export const ownerPassword = 'owner-password-1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The PostgreSQL database's URL, when the server runs on one. */
  databaseUrl?: string;
  process: ChildProcess;
  /** Drops the database (for a server that died without stop()). */
  dropDatabase(): Promise<void>;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** The database a server ran on: pass it back as `reuse` to restart on the same data. */
export interface ServerDatabase {
  dataDir: string;
  databaseUrl?: string;
}

export interface StartOptions {
  reuse?: ServerDatabase;
}

/**
 * The production build (apps/api/dist + apps/admin/dist) on a free loopback port, with a
 * fresh database: SQLite in a temporary DATA_DIR, or a new PostgreSQL database when
 * DATABASE_URL is set. `npm test` builds first.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  // `reuse` starts on an existing database (e.g. after a crash); stop() then leaves it in place.
  const database = options.reuse ? { ...options.reuse, drop: async () => undefined } : await createTestDatabase();
  // E2E_API_ENTRY / E2E_ADMIN_DIST let parallel work use its own builds (defaults: the repo's dist folders).
  const entry = process.env.E2E_API_ENTRY ?? path.join(root, 'apps/api/dist/server.js');
  const server = await spawnServer(entry, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    // Sign-up is closed by default; the browser tests make their administrators by signing up.
    // A test of the closed default passes SIGNUP_ALLOW: '' (empty counts as unset).
    SIGNUP_ALLOW: '*',
    ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
    ...env,
  });
  const child = server.process;
  return {
    baseUrl: server.baseUrl,
    dataDir: database.dataDir,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    process: child,
    dropDatabase: () => database.drop(),
    output: server.output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const { code } = await server.exited();
      await database.drop();
      return code;
    },
  };
}

export async function ownerToken(server: RunningServer): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/api/user/signin', {
    email: ownerEmail,
    password: ownerPassword,
  });
  if (res.status !== 200) throw new Error(`owner sign-in failed: ${res.status}`);
  return res.body.token;
}

/** Uploads a small generated PNG to a family's /upload, as the dashboard would; returns its URL. */
export async function uploadPng(
  server: Pick<RunningServer, 'baseUrl'>,
  family: string,
  token: string,
): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'item.png');
  const res = await fetch(`${server.baseUrl}${family}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const [url] = (await res.json()) as string[];
  if (res.status !== 200 || !url) throw new Error(`upload failed: ${res.status}`);
  return url;
}

/**
 * `api` for arranging a test's data with one token: the answer's body, or an error naming the
 * call when it answers 300 or more.
 */
export function arranger(server: Pick<RunningServer, 'baseUrl'>, token: string) {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await api<T>(server, method, url, body, token);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
}
