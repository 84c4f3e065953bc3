import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ServerProcess, spawnServer } from '../../apps/api/test/server-process';
import { type S3Server as RunningS3, start as startS3 } from '../s3-server';
import { type RunningNginx, startNginx, writeNginxConfig } from './nginx';

/**
 * deploy/compose.yaml's topology on one machine, without Docker: the S3 test server, N
 * production API processes on one PostgreSQL database (same JWT_SECRET, same object store,
 * distinct ports) and nginx in front of them with deploy/nginx.conf.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const apiEntry = path.join(root, 'apps/api/dist/server.js');

export interface ClusterOptions {
  /** Everything the cluster writes: each instance's DATA_DIR, the object store's files, nginx's. */
  stateDir: string;
  /** The PostgreSQL database every instance uses (it must exist). */
  databaseUrl: string;
  jwtSecret: string;
  /** nginx's port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  instances?: number;
  /** More environment for every instance (ADMIN_EMAIL, ADMIN_PASSWORD, SEED, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** The server bundle (default apps/api/dist/server.js). */
  entry?: string;
}

export interface ClusterInstance {
  name: string;
  baseUrl: string;
  /** host:port, as nginx's log names it */
  address: string;
  server: ServerProcess;
}

export interface Cluster {
  /** nginx: the cluster's one origin */
  url: string;
  instances: ClusterInstance[];
  s3: RunningS3;
  nginx: RunningNginx;
  /** nginx, then every instance (SIGTERM: they drain), then the object store. */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(options.stateDir, { recursive: true });
  const started: { s3?: RunningS3; instances: ClusterInstance[]; nginx?: RunningNginx } = { instances: [] };
  const stop = async () => {
    await started.nginx?.stop();
    await Promise.all(started.instances.map((instance) => stopInstance(instance)));
    await started.s3?.stop();
  };
  try {
    const s3 = await startS3({ dir: path.join(options.stateDir, 's3') });
    started.s3 = s3;
    const env = (name: string): Record<string, string> => ({
      DATA_DIR: path.join(options.stateDir, name),
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: options.jwtSecret,
      PUBLIC_URL: url,
      TRUST_PROXY: '1',
      ...s3.env,
      ...options.env,
    });
    const launch = async (index: number) => {
      const name = `instance-${index + 1}`;
      fs.mkdirSync(path.join(options.stateDir, name), { recursive: true });
      const server = await spawnServer(options.entry ?? apiEntry, env(name));
      const instance = { name, baseUrl: server.baseUrl, address: new URL(server.baseUrl).host, server };
      started.instances[index] = instance;
      return instance;
    };
    // The first one alone: on a new database it migrates it (and seeds it with SEED=demo)
    // before the others start, as compose.yaml orders it too.
    await launch(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, index) => launch(index + 1)));
    const files = writeNginxConfig(path.join(options.stateDir, 'nginx'), {
      listen: `127.0.0.1:${port}`,
      upstreams: started.instances.map((instance) => instance.address),
    });
    started.nginx = await startNginx(files, `${url}/api/health`);
    return { url, instances: started.instances, s3, nginx: started.nginx, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopInstance(instance: ClusterInstance): Promise<void> {
  const child = instance.server.process;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await instance.server.exited();
}
