import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig, openSignupWarning } from './config';

/** The only file that listens. SIGTERM/SIGINT: stop accepting, drain, close the database, exit 0. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.adminDist ??= path.resolve(here, '../../admin/dist');
  const app = await buildApp(config);
  const signupWarning = openSignupWarning(config);
  if (signupWarning) app.log.warn(signupWarning);
  const trustsAnyPeer = config.trustProxy === true || typeof config.trustProxy === 'number';
  if (trustsAnyPeer && !['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    app.log.warn(
      'TRUST_PROXY is true or a hop count and the server listens beyond loopback: a client that reaches it directly can choose its own IP (X-Forwarded-For); list the proxy addresses instead (docs/operations.md)',
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const memory = memorySizing();
  app.log.info(
    memory,
    memory.memoryLimitMb
      ? 'JavaScript heap sized from the memory limit'
      : 'no memory limit: Node sizes the JavaScript heap for the whole machine, and the server grows into it (docs/operations.md, "Memory")',
  );
}

/**
 * How much memory the server may take: Node sizes V8's heap (its young generation included) from
 * the limit of the process's control group (a container's or systemd's `MemoryMax=`), else from
 * the machine's memory. The deployment gives every instance a limit (deploy/compose.yaml).
 */
function memorySizing(): { memoryLimitMb: number | null; heapLimitMb: number } {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const limit = process.constrainedMemory();
  return {
    memoryLimitMb: limit > 0 && limit < os.totalmem() ? mb(limit) : null,
    heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
  };
}

main().catch((error) => {
  process.stderr.write(`Shopdesk failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
