import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The production server as an operator runs it: `node <bundle>` in a process of its own, with
 * the Node that runs the tests. Used by the browser tests (e2e/support/server.ts) and by the API
 * tests that need the real process (its signals, its exit).
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(apiDir, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** How a process ended: an exit code, or the signal that killed it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  baseUrl: string;
  process: ChildProcess;
  /** What it wrote on stdout and stderr so far, interleaved. */
  output(): string;
  /** Resolves once the process has ended (at once when it has). */
  exited(): Promise<ProcessExit>;
}

/**
 * Starts `entry` from the repository's root on a free loopback port (or env.PORT) with `env` (and PATH, PORT,
 * HOST; nothing else of this process's environment) and resolves once /api/health answers.
 * Throws with its output when it exits first or is not healthy in 30 s.
 */
export async function spawnServer(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  // A PORT given keeps an address (a restart the browser should find again).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listened for from the start: an exit is never missed, however early.
  const exit = new Promise<ProcessExit>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (error) => {
      output += `spawn failed: ${error.message}\n`;
      resolve({ code: null, signal: null });
    });
  });
  let ended: ProcessExit | undefined;
  void exit.then((how) => {
    ended = how;
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
    if (ended) throw new Error(`server exited early (${JSON.stringify(ended)}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, process: child, output: () => output, exited: () => exit };
}

/**
 * The production bundle (apps/api/build.mjs, esbuild, about a second) built into a new folder
 * of its own, for tests that must not depend on a prior `npm run build` nor race one. The folder
 * is under apps/api/dist (ignored by git and Biome) so the bundle's npm imports resolve from the
 * same node_modules as the real build's.
 */
export async function buildServerBundle(): Promise<{ dir: string; entry: string; remove(): void }> {
  fs.mkdirSync(path.join(apiDir, 'dist'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(apiDir, 'dist', 'test-build-'));
  try {
    // build.mjs names its entry points relative to apps/api.
    await promisify(execFile)(process.execPath, ['build.mjs', '--outdir', dir], { cwd: apiDir });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const { stderr } = error as { stderr?: string };
    throw new Error(`building the server failed: ${stderr || String(error)}`);
  }
  return {
    dir,
    entry: path.join(dir, 'server.js'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A JSON call against a running server. */
export async function api<T = unknown>(
  server: { baseUrl: string },
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
