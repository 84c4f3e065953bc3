import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { limitedCommand } from './memory-limit';

const root = path.resolve(import.meta.dirname, '..');
export const benchOwner = { email: 'bench@shopdesk.local', password: 'Bench-owner-password-2026!' };

export interface Running {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /api/health (control: to its first answer). */
  startMs: number;
  /** Resident set size now, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The environment a server of the bench store runs with: SEED=none, LOG_LEVEL=warn, production. */
function serverEnv(storeEnv: Record<string, string>, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...storeEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: benchOwner.email,
    ADMIN_PASSWORD: benchOwner.password,
    NODE_ENV: 'production',
  };
}

/** The production server on the bench store: `node apps/api/dist/server.js`. */
export async function startServer(storeEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  return launch(['apps/api/dist/server.js'], serverEnv(storeEnv, port), `http://127.0.0.1:${port}`, '/api/health');
}

/**
 * The server of the activity log's cost rows (bench/log-cost-server.ts, from source through tsx),
 * with the log on or off: both sides of that comparison start here, so they differ in the log alone.
 */
export async function startLogCostServer(storeEnv: Record<string, string>, activityLog: boolean): Promise<Running> {
  const port = await freePort();
  const env = { ...serverEnv(storeEnv, port), BENCH_ACTIVITY_LOG: activityLog ? 'on' : 'off' };
  return launch(['--import', 'tsx', 'bench/log-cost-server.ts'], env, `http://127.0.0.1:${port}`, '/api/health');
}

/**
 * The ceiling: a bare Fastify answering every request with a fixed JSON body of the given
 * size (same framework, same loopback, no database, no validation).
 */
export async function startControl(bodyBytes: number): Promise<Running> {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const body = JSON.stringify({ pad: 'x'.repeat(${Math.max(0, bodyBytes - 10)}) });
    const app = Fastify({ logger: false });
    app.get('/*', (request, reply) => { reply.header('content-type', 'application/json; charset=utf-8').send(body); });
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return launch(['--input-type=module', '-e', script], process.env, `http://127.0.0.1:${port}`, '/');
}

async function launch(args: string[], env: NodeJS.ProcessEnv, baseUrl: string, readyPath: string): Promise<Running> {
  const started = performance.now();
  // As deployed: under a memory limit of its own (memory-limit.ts), when one can be made here.
  const limit = limitedCommand(process.execPath, args);
  const child: ChildProcess = spawn(limit?.command ?? process.execPath, limit?.args ?? args, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
    limit?.release();
  });
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it answered`);
    try {
      const res = await fetch(`${baseUrl}${readyPath}`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) throw new Error(`${baseUrl} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  const pid = child.pid as number;
  return {
    baseUrl,
    pid,
    startMs,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
