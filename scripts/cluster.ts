/**
 * `npm run cluster`: deploy/compose.yaml's topology on this machine, without Docker.
 *
 *   npm run cluster [-- --port 8088] [--postgres URL] [--database shopdesk_cluster] [--fresh]
 *                   [--seed demo|none]
 *
 * nginx (Debian's package; installed when missing and run as root) on --port with
 * deploy/nginx.conf, two production API processes on their own ports, one PostgreSQL database
 * (created on the server --postgres names, default the local one; --fresh drops it first),
 * the same JWT_SECRET (kept in data/cluster/jwt-secret), and the S3 test server (s3rver) for
 * images. State lives in data/cluster/. Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, defaultServerUrl } from './cluster/database';
import { ensureBuilt, ensureNginx, flag, numberOption, option, repositoryRoot } from './cluster/prerequisites';
import { startCluster } from './cluster/start';

function jwtSecretIn(stateDir: string): string {
  const file = path.join(stateDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(stateDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  const port = numberOption('port', 8088);
  const server = option('postgres', defaultServerUrl);
  const name = option('database', 'shopdesk_cluster');
  const seed = option('seed', 'demo');
  const stateDir = path.join(repositoryRoot, 'data', 'cluster');
  ensureBuilt();
  ensureNginx();
  if (flag('fresh')) fs.rmSync(stateDir, { recursive: true, force: true });
  const databaseUrl = await createDatabase(server, name, { fresh: flag('fresh') });
  console.log(`== starting the cluster (database ${name}${seed === 'demo' ? ', demo shop on first start' : ''})`);
  const cluster = await startCluster({
    stateDir,
    databaseUrl,
    jwtSecret: jwtSecretIn(stateDir),
    port,
    env: { SEED: seed, LOG_LEVEL: 'warn' },
  });
  // The owner's generated password, printed once by the instance that created the account.
  for (const line of (cluster.instances[0]?.server.output() ?? '').split('\n')) {
    if (line.startsWith('Owner account')) console.log(line);
  }
  console.log(
    [
      '',
      `Shopdesk cluster: ${cluster.url}`,
      ...cluster.instances.map((instance) => `  ${instance.name}: ${instance.baseUrl}`),
      `  object store (s3rver): ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`,
      `  nginx log: ${cluster.nginx.files.accessLog}`,
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  for (const instance of cluster.instances) {
    void instance.server.exited().then((how) => {
      if (!stopping)
        console.log(`!! ${instance.name} exited (${JSON.stringify(how)}); nginx sends its requests elsewhere`);
    });
  }
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\n== stopping');
    cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
