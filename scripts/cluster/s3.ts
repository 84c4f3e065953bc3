/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import S3rver from 's3rver';

/**
 * The S3 test server (npm `s3rver`: the S3 protocol over a local folder) for the cluster.
 * A local stand-in until the object-storage work's shared `scripts/s3-server.ts` is merged: it
 * has the same shape (`start({ dir })` → endpoint, bucket, env, stop), so the cluster then
 * imports that one instead and this file and s3rver.d.ts go.
 */
export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** Shopdesk's variables for this store (S3_*, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(options: { dir: string; bucket?: string }): Promise<RunningS3> {
  const bucket = options.bucket ?? 'shopdesk';
  fs.mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: options.dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials (it checks signatures against them).
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: () => server.close(),
  };
}
