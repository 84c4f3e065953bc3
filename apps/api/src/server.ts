import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  // SQLite: the heap grows by at most half of what the last full collection kept before the
  // next one (V8 reads this factor at each collection). With its default, under thousands of
  // deep list pages a second (answered from the reader thread) the old generation held ~100 MB
  // of which ~33 MB live, and resident memory reached 230–255 MB at the end of the bench; with
  // this, ~165 MB, same throughput (a full collection of ~33 MB takes ~8 ms, every few seconds).
  // Still so with the product list's own table: without the bound, 172 MB at the end of a
  // bench run against 133–147 MB with it. Not on PostgreSQL: there the main thread reads and
  // finishes every page itself, and the same bound cost ~20% of list-page throughput; its
  // reads go into a reused ring of buffers (ring-socket.ts) and it ends a run near 104 MB.
  if (!config.databaseUrl) v8.setFlagsFromString('--heap-growing-percent=50');
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.adminDist ??= path.resolve(here, '../../admin/dist');
  const app = await buildApp(config);
  if (config.signupAllow.includes('*') && !['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    app.log.warn(
      'SIGNUP_ALLOW is "*" and the server listens beyond loopback: anyone who reaches it can sign up as an administrator',
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
}

main().catch((error) => {
  process.stderr.write(`Shopdesk failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
