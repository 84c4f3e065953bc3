import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { type S3Server, start } from '../../../scripts/s3-server';
import type { Config } from '../src/config';
import type { TestApp } from './test-app';

/**
 * The two image stores the image tests run against: local disk (the default) and S3 through
 * the real SDK against a real S3-protocol server (scripts/s3-server.ts, s3rver) on a free port.
 */
export type ImageBackend = 'disk' | 's3';
export const imageBackends: ImageBackend[] = ['disk', 's3'];

/**
 * Call inside a describe: for `s3`, starts one S3 server for the block (and stops it after).
 * `env()` is what a new test app adds to its environment: for S3, a bucket of its own, so apps
 * (and their sweeps) never see each other's images.
 */
export function imageBackend(kind: ImageBackend) {
  let server: S3Server | undefined;
  let buckets = 0;
  if (kind === 's3') {
    beforeAll(async () => {
      server = await start();
    });
    afterAll(async () => {
      await server?.stop();
    });
  }
  return {
    kind,
    async env(): Promise<Record<string, string>> {
      if (!server) return {};
      buckets += 1;
      const bucket = `shop-${buckets}`;
      const env = { ...server.env, S3_BUCKET: bucket };
      const client = clientOf(env);
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
      return env;
    },
  };
}

function clientOf(env: Record<string, string>): S3Client {
  return new S3Client({
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

function s3ClientOf(config: Config): { client: S3Client; bucket: string } | undefined {
  const s3 = config.s3;
  if (!s3) return undefined;
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return { client, bucket: s3.bucket };
}

/** Every file under the uploads folder, or every object in the bucket, as raw as it is stored. */
export async function storedKeys(t: TestApp): Promise<string[]> {
  const s3 = s3ClientOf(t.config);
  if (!s3) {
    const root = t.config.uploadsDir;
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  }
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  } finally {
    s3.client.destroy();
  }
}

/** Whether the store holds `key` (asked of the disk or the bucket directly, not through the app). */
export async function isStored(t: TestApp, key: string): Promise<boolean> {
  return (await storedKeys(t)).includes(key);
}

/** Puts something that is not one of our images into the store, as another tool might. */
export async function putForeign(t: TestApp, key: string, body: string): Promise<void> {
  const s3 = s3ClientOf(t.config);
  if (!s3) {
    fs.mkdirSync(path.dirname(path.join(t.config.uploadsDir, key)), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, key), body);
    return;
  }
  try {
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
  } finally {
    s3.client.destroy();
  }
}
