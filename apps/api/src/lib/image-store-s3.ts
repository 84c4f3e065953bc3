import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { messages } from '@shopdesk/contract';
import type { S3Config } from '../config';
import { HttpError } from './http-error';
import { type ImageStore, imageCacheControl, isStoredKey } from './image-store';

/**
 * The S3-compatible store (AWS S3, Cloudflare R2, MinIO, Ceph…) through the AWS SDK's own
 * client, `@aws-sdk/client-s3`: keys are the paths under `/uploads/`, objects carry their
 * content type and cache lifetime, so a CDN in front of the bucket serves them as we do.
 */
export function createS3ImageStore(config: S3Config, onError: (error: unknown, what: string) => void): ImageStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the S3 API requires them: since 3.729 the SDK adds CRC32 trailers
    // (aws-chunked bodies) by default, which many S3-compatible stores do not understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Fail fast when the store is down, like the database pool: quick 503s, not hangs.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  const Bucket = config.bucket;

  /** The store's failures become 503 `{error, msg}` for the client and an error line in the log. */
  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      onError(error, `object storage: ${what} failed`);
      throw new HttpError(503, messages.storageUnavailable);
    }
  }
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    kind: 's3',
    put: (key, body, contentType) =>
      call('put', async () => {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: imageCacheControl,
          }),
        );
      }),
    head: (key) =>
      call('head', async () => {
        try {
          const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          return {
            size: found.ContentLength ?? 0,
            lastModified: found.LastModified ?? new Date(0),
            etag: found.ETag ?? '',
          };
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      }),
    read: (key) =>
      call('read', async () => {
        try {
          const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          return {
            size: found.ContentLength ?? 0,
            lastModified: found.LastModified ?? new Date(0),
            etag: found.ETag ?? '',
            // In Node.js the SDK's body is the HTTP response itself, a Readable.
            body: found.Body as Readable,
          };
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      }),
    delete: (keys) =>
      call('delete', async () => {
        for (let start = 0; start < keys.length; start += 1000) {
          const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
          const done = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
          const failed = done.Errors?.[0];
          if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
        }
      }),
    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket });
      try {
        for await (const page of pages) {
          for (const object of page.Contents ?? []) {
            if (object.Key && isStoredKey(object.Key))
              yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
          }
        }
      } catch (error) {
        onError(error, 'object storage: list failed');
        throw new HttpError(503, messages.storageUnavailable);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
