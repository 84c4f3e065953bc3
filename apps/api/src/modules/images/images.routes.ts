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
import { UploadSpool } from '../../lib/upload-spool';
import { callerOf } from '../../plugins/auth';
import * as images from './images.service';

/**
 * `POST {family}/upload` and `DELETE {family}/deleteImage` (api.md §7): one pipeline for
 * every family; `folder` names where the family's files live under /uploads.
 */
/** Uploads wait in the uploader's temporary store: the record they join logs them when saved. */
const temporaryFiles = { none: 'a temporary upload or its removal: the record saved with it logs the change' };

export function imageRoutes(folder: string) {
  // A profile picture is any staff member's own; every other family's images are the catalogue's.
  const config = {
    permission: folder === 'users' ? ('staff' as const) : ('catalogue:write' as const),
    activity: temporaryFiles,
  };
  return async (fastify: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post('/upload', { config, schema: { response: { 200: uploadResponseSchema } } }, async (request) => {
      const caller = callerOf(request);
      const batch = await images.startUpload(ctx, caller, folder);
      // Streamed part by part to a temporary file: a file over the limit is refused as soon as
      // it passes it. The parser's own fileSize limit is only a backstop: once reached it reads
      // and discards the rest of the part before anyone hears of it, so the spool counts itself.
      const parts = request.files({
        limits: { fileSize: 2 * maxImageBytes, files: maxImagesPerUpload, fields: 20, parts: 40 },
      });
      const spool = await UploadSpool.open();
      try {
        for await (const part of parts) {
          const file = await spool.take(part.file, maxImageBytes, messages.imageTooLarge);
          if (part.fieldname === 'images') await batch.add(file);
          await spool.release(file);
        }
        const urls = batch.finish();
        request.log.info({ event: 'upload', count: urls.length, folder }, 'images stored');
        return urls;
      } catch (error) {
        await batch.abort();
        // The multipart parser's own errors (no boundary, cut-off body) carry no status: the client sent them.
        if (error instanceof HttpError || (error as { code?: string }).code) throw error;
        throw badRequest(messages.malformedUpload);
      } finally {
        await spool.close();
      }
    });

    app.delete(
      '/deleteImage',
      { config, schema: { querystring: deleteImageQuerySchema, response: { 200: okMessageSchema } } },
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
  app.delete(
    '/deleteAllImages',
    { config: { permission: 'staff', activity: temporaryFiles }, schema: { response: { 200: okMessageSchema } } },
    (request) => images.clearTempStore(ctx, callerOf(request)),
  );
}
