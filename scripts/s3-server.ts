/// <reference path="./s3rver.d.ts" />
/**
 * An S3-protocol server on this machine, for tests and the local cluster: s3rver (the npm
 * package), which keeps objects in a folder and checks request signatures like S3 does.
 *
 *   import { start } from '../scripts/s3-server';
 *   const s3 = await start({ dir, port: 0 });   // port 0: a free one
 *   ... loadConfig({ ...s3.env }) ...           // S3_BUCKET, S3_ENDPOINT, credentials
 *   await s3.stop();
 *
 * Or as a process: `npx tsx scripts/s3-server.ts [--port 9000] [--dir DIR] [--bucket NAME]`
 * prints its environment lines and runs until SIGTERM or SIGINT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

export interface S3ServerOptions {
  /** Where objects are kept; a new temporary folder (removed by stop) when absent. */
  dir?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  bucket?: string;
}

export interface S3Server {
  endpoint: string;
  port: number;
  bucket: string;
  dir: string;
  /** Shopdesk's variables for this store (config.ts reads them). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials: it checks every request's signature against them. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export async function start(options: S3ServerOptions = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'shopdesk';
  const host = options.host ?? '127.0.0.1';
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-s3-'));
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: host,
    port: options.port ?? 0,
    directory: dir,
    silent: true,
    // Path-style addressing (S3_FORCE_PATH_STYLE), as most S3-compatible stores want.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://${host}:${port}`;
  return {
    endpoint,
    port,
    bucket,
    dir,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    },
    stop: async () => {
      await server.close();
      if (ownDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const s3 = await start({ port: Number(option('port') ?? 0), dir: option('dir'), bucket: option('bucket') });
  for (const [name, value] of Object.entries(s3.env)) process.stdout.write(`${name}=${value}\n`);
  const stop = () => void s3.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
