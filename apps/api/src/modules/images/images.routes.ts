import {
  deleteImageQuerySchema,
  maxImageBytes,
  maxImagesPerUpload,
  messages,
  okMessageSchema,
  tempStoreSchema,
  uploadResponseSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../lib/http-error';
import { type PreparedImage, prepareImage } from '../../lib/image-files';
import { callerOf } from '../../plugins/auth';
import * as images from './images.service';

/** The part's bytes, refusing with 413 the moment they pass maxImageBytes. */
async function readLimited(file: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > maxImageBytes) throw new HttpError(413, messages.imageTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST {family}/upload` and `DELETE {family}/deleteImage` (api.md §7): one pipeline for
 * every family; `folder` names where the family's files live under /uploads.
 */
export function imageRoutes(folder: string) {
  return async (fastify: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post('/upload', { schema: { response: { 200: uploadResponseSchema } } }, async (request) => {
      const caller = callerOf(request);
      const prepared: PreparedImage[] = [];
      // Streamed part by part: a file over the limit is refused as soon as it passes it. The
      // parser's own fileSize limit is only a backstop: once reached it reads and discards the
      // rest of the part before anyone hears of it, so readLimited counts the bytes itself.
      const parts = request.files({
        limits: { fileSize: 2 * maxImageBytes, files: maxImagesPerUpload, fields: 20, parts: 40 },
      });
      try {
        for await (const part of parts) {
          const bytes = await readLimited(part.file);
          if (part.fieldname === 'images') prepared.push(await prepareImage(bytes, folder));
        }
      } catch (error) {
        // The multipart parser's own errors (no boundary, cut-off body) carry no status: the client sent them.
        if (error instanceof HttpError || (error as { code?: string }).code) throw error;
        throw badRequest(messages.malformedUpload);
      }
      const urls = await images.storeUploads(ctx, caller, prepared);
      request.log.info({ event: 'upload', count: urls.length, folder }, 'images stored');
      return urls;
    });

    app.delete(
      '/deleteImage',
      { schema: { querystring: deleteImageQuerySchema, response: { 200: okMessageSchema } } },
      (request) => images.deleteImage(ctx, callerOf(request), request.query.img),
    );
  };
}

/** `/api/imageUpload`: the caller's own temporary store. */
export async function imageUploadRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: { response: { 200: tempStoreSchema } } }, (request) =>
    images.listTempStore(ctx, callerOf(request)),
  );
  app.delete('/deleteAllImages', { schema: { response: { 200: okMessageSchema } } }, (request) =>
    images.clearTempStore(ctx, callerOf(request)),
  );
}
