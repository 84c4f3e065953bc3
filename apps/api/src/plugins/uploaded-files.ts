import { messages } from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fresh from 'fresh';
import {
  contentTypeOf,
  type ImageStore,
  imageCacheControl,
  isStoredKey,
  type StoredImageInfo,
} from '../lib/image-store';

/**
 * `GET /uploads/<folder>/<name>` (and HEAD) from the image store, local disk or S3 alike, with
 * what @fastify/static gave before: a year of caching (every name is immutable), ETag and
 * Last-Modified with 304 answers (`fresh`, the check Express and `send` use), and headers that
 * keep an image from ever running as a page: nosniff and a sandboxing CSP.
 */
export const uploadedFilesPlugin = fp(async (app: FastifyInstance, { store }: { store: ImageStore }) => {
  const describe = (reply: FastifyReply, key: string, info: StoredImageInfo) =>
    reply
      .header('Content-Type', contentTypeOf(key))
      .header('Cache-Control', imageCacheControl)
      .header('ETag', info.etag)
      .header('Last-Modified', info.lastModified.toUTCString())
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'same-site');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const missing = () => reply.status(404).send({ error: true, msg: messages.notFound });
      if (!isStoredKey(key)) return missing();
      // A conditional request or a HEAD asks the store about the image first: a 304 or a HEAD
      // never starts reading its bytes (from S3, a request of its own).
      const conditional = request.headers['if-none-match'] || request.headers['if-modified-since'];
      if (conditional || request.method === 'HEAD') {
        const info = await store.head(key);
        if (!info) return missing();
        const validators = { etag: info.etag, 'last-modified': info.lastModified.toUTCString() };
        if (fresh(request.headers, validators)) return describe(reply, key, info).status(304).send();
        if (request.method === 'HEAD') return describe(reply, key, info).header('Content-Length', info.size).send();
      }
      const found = await store.read(key);
      if (!found) return missing();
      return describe(reply, key, found).header('Content-Length', found.size).send(found.body);
    },
  });
});
