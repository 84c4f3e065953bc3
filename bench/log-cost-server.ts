/**
 * The server of the bench's "what the activity log costs" rows (issue 18): the application as
 * apps/api/src/server.ts builds it, from the same source, with the log on or off
 * (BENCH_ACTIVITY_LOG=off: BuildOptions.activityLog false, units of work run without the
 * recorder). Both sides of the comparison start from this one file, so they differ in the log
 * alone. The bench starts it with `node --import tsx`, under the store's environment.
 */
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const config = loadConfig();
const app = await buildApp(config, { activityLog: process.env.BENCH_ACTIVITY_LOG !== 'off' });
const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: config.port, host: config.host });
