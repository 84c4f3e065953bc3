import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createTestDatabase } from '../../apps/api/test/test-database';

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

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
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
  const port = await freePort();
  let output = '';
  // E2E_API_ENTRY / E2E_ADMIN_DIST let parallel work use its own builds (defaults: the repo's dist folders).
  const entry = process.env.E2E_API_ENTRY ?? path.join(root, 'apps/api/dist/server.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ADMIN_EMAIL: ownerEmail,
      ADMIN_PASSWORD: ownerPassword,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server not healthy in 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    dataDir: database.dataDir,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    process: child,
    dropDatabase: () => database.drop(),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await database.drop();
      return child.exitCode;
    },
  };
}

/** A JSON call against a running server (for arranging data in browser tests). */
export async function api<T = unknown>(
  server: RunningServer,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(server.baseUrl + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
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
export async function uploadPng(server: RunningServer, family: string, token: string): Promise<string> {
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
