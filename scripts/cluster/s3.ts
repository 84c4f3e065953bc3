/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import S3rver from 's3rver';

/**
 * The S3 test server (npm `s3rver`: the S3 protocol over a local folder) for the cluster.
 * A local stand-in until the object-storage work's shared `scripts/s3-server.ts` is merged;
 * the cluster only needs what is returned here.
 */
export interface RunningS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startS3(directory: string, bucket = 'shopdesk'): Promise<RunningS3> {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed credentials (it checks signatures against them).
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: () => server.close(),
  };
}
