import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip, as the client accepts, for every compressible answer of 1 KB or more (API
 * JSON, HTML; images are already compressed and mime-db says so), through `@fastify/compress`.
 * Brotli at quality 4, not the library's default 11: a 25 KB product page compresses in
 * ~0.1 ms to about the size gzip -6 gives, where quality 11 takes milliseconds for a few
 * percent more. The dashboard's built files are compressed once, at build time, and sent as
 * they are (static-files.ts: `preCompressed`); this plugin leaves an answer that already has a
 * Content-Encoding alone. Registered after the image-URL rule (its onSend hook must see the
 * text) and before the static files. Request bodies are never inflated: a compressed upload
 * would get past the body limits.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
