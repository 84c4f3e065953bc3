import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
}

main().catch((error) => {
  process.stderr.write(`Shopdesk failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
