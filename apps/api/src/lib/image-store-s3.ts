import type { Readable } from 'node:stream';
import { messages } from '@shopdesk/contract';
import type { S3Config } from '../config';
import { HttpError } from './http-error';
import { type ImageStore, imageCacheControl, isStoredKey } from './image-store';

/**
 * The S3-compatible store (AWS S3, Cloudflare R2, MinIO, Ceph…) through the AWS SDK's own
 * client, `@aws-sdk/client-s3`: keys are the paths under `/uploads/`, objects carry their
 * content type and cache lifetime, so a CDN in front of the bucket serves them as we do.
 * The SDK is imported here, when the store is made (S3_BUCKET set), so a server that keeps its
 * images on disk never loads it (its memory at rest: docs/architecture.md).
 */
export function createS3ImageStore(config: S3Config, onError: (error: unknown, what: string) => void): ImageStore {
  const ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, config) }));
  // A failure to load is each call's failure (a 503 and a log line), not an unhandled rejection.
  ready.catch(() => undefined);
  const Bucket = config.bucket;

  /** The store's failures become 503 `{error, msg}` for the client and an error line in the log. */
  async function call<T>(what: string, work: (loaded: Awaited<typeof ready>) => Promise<T>): Promise<T> {
    try {
      return await work(await ready);
    } catch (error) {
      onError(error, `object storage: ${what} failed`);
      throw new HttpError(503, messages.storageUnavailable);
    }
  }
  const isMissing = ({ sdk }: Awaited<typeof ready>, error: unknown) =>
    error instanceof sdk.S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    kind: 's3',
    put: (key, body, contentType) =>
      call('put', async ({ sdk, client }) => {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: imageCacheControl,
          }),
        );
      }),
    head: (key) =>
      call('head', async (loaded) => {
        try {
          const found = await loaded.client.send(new loaded.sdk.HeadObjectCommand({ Bucket, Key: key }));
          return {
            size: found.ContentLength ?? 0,
            lastModified: found.LastModified ?? new Date(0),
            etag: found.ETag ?? '',
          };
        } catch (error) {
          if (isMissing(loaded, error)) return undefined;
          throw error;
        }
      }),
    read: (key) =>
      call('read', async (loaded) => {
        try {
          const found = await loaded.client.send(new loaded.sdk.GetObjectCommand({ Bucket, Key: key }));
          return {
            size: found.ContentLength ?? 0,
            lastModified: found.LastModified ?? new Date(0),
            etag: found.ETag ?? '',
            // In Node.js the SDK's body is the HTTP response itself, a Readable.
            body: found.Body as Readable,
          };
        } catch (error) {
          if (isMissing(loaded, error)) return undefined;
          throw error;
        }
      }),
    delete: (keys) =>
      call('delete', async ({ sdk, client }) => {
        for (let start = 0; start < keys.length; start += 1000) {
          const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
          const done = await client.send(
            new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
          );
          const failed = done.Errors?.[0];
          if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
        }
      }),
    async *list() {
      try {
        const { sdk, client } = await ready;
        const pages = sdk.paginateListObjectsV2({ client }, { Bucket });
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
      // Made or not, nothing is left open once the SDK has loaded (or failed to).
      const loaded = await ready.catch(() => undefined);
      loaded?.client.destroy();
    },
  };
}

function newClient(sdk: typeof import('@aws-sdk/client-s3'), config: S3Config) {
  return new sdk.S3Client({
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
}
