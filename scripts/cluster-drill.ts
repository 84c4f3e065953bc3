/**
 * `npm run cluster:drill`: the cluster e2e test's checks at full length, with a report.
 *
 *   npx tsx scripts/cluster-drill.ts [--seconds 60] [--connections 16] [--postgres URL]
 *
 * Starts a fresh cluster (scripts/cluster/start.ts: nginx, two instances, s3rver) on a new
 * database on the local PostgreSQL, then: sign-in through nginx, an image uploaded on instance 1
 * fetched from instance 2, a session ended on instance 1 tried on instance 2, and --seconds of
 * mixed reads and writes through nginx with instance 2 SIGKILLed at 40 %. Prints requests,
 * errors and lost writes; exits 1 when a check fails. Everything it made is removed after.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkImageAcrossInstances, checkSessionEnd, signIn } from './cluster/checks';
import { createDatabase, defaultServerUrl, dropDatabase } from './cluster/database';
import { runDrill } from './cluster/drill';
import { formatReport } from './cluster/drill-report';
import { ensureBuilt, ensureNginx, numberOption, option } from './cluster/prerequisites';
import { type Cluster, startCluster } from './cluster/start';

const email = 'owner@drill.test';
const password = randomBytes(12).toString('base64url');

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

async function main(): Promise<void> {
  const seconds = numberOption('seconds', 60);
  const connections = numberOption('connections', 16);
  const server = option('postgres', defaultServerUrl);
  ensureBuilt();
  ensureNginx();
  const name = `shopdesk_drill_${randomBytes(4).toString('hex')}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-drill-'));
  const databaseUrl = await createDatabase(server, name, { fresh: true });
  let cluster: Cluster | undefined;
  try {
    console.log(`== starting the cluster (database ${name})`);
    cluster = await startCluster({
      stateDir,
      databaseUrl,
      jwtSecret: randomBytes(32).toString('hex'),
      env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, SEED: 'none', LOG_LEVEL: 'warn' },
    });
    console.log(`   nginx ${cluster.url}, instances ${cluster.instances.map((i) => i.baseUrl).join(', ')}`);
    const token = await signIn(cluster.url, email, password);
    check('sign-in through nginx', token.length > 0);

    const image = await checkImageAcrossInstances(cluster, token);
    check(
      'image uploaded on instance 1 is served by instance 2',
      image.uploadStatus === 200 && image.fromOther.status === 200,
      `upload ${image.uploadStatus}, instance 2 answered ${image.fromOther.status}`,
    );

    const session = await checkSessionEnd(cluster, email, password);
    check(
      'session ended on instance 1 is refused by instance 2 on its next request',
      session.logoutOnFirst === 200 && session.afterOnOther.status === 401,
      `logout ${session.logoutOnFirst}, then instance 2 answered ${session.afterOnOther.status}`,
    );

    console.log(`== ${seconds} s of mixed reads and writes, ${connections} connections, instance 2 killed at 40 %`);
    const report = await runDrill(cluster, { seconds, connections, token, databaseUrl });
    console.log(formatReport(report));
    check('no acknowledged write lost', report.lostWrites.length === 0, `${report.acknowledgedWrites} acknowledged`);
    check(
      "no error beyond the killed instance's in-flight writes",
      report.unexplained.length === 0 && report.inFlightWritesCut.length <= connections,
      `${report.inFlightWritesCut.length} in flight, ${report.unexplained.length} other`,
    );
  } finally {
    await cluster?.stop();
    await dropDatabase(server, name);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
