import {
  importAcceptedSchema,
  importMaxBytes,
  importMessages,
  messages,
  productImportQuerySchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../lib/http-error';
import { callerOf } from '../../plugins/auth';
import { imageBaseOf } from '../../plugins/image-urls';
import type { JobRunner } from '../jobs/jobs.runner';
import { queueJobWithFile } from '../jobs/jobs.service';
import type { ImportParams } from './product-import.service';
import { headerProblem, readHeader } from './product-import-rows';

/** The bytes read before the header is checked (a header is a few hundred bytes). */
const headBytes = 64 * 1024;

/**
 * The uploaded file as it arrives, refused (413) the moment it passes the limit, and (400, before
 * anything is stored) when its first line is not a header import can read or it is not text.
 */
async function* checkedFile(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let size = 0;
  let head: Buffer[] | undefined = [];
  const checkHead = async (ended: boolean) => {
    const start = Buffer.concat(head ?? []);
    head = undefined;
    if (start.includes(0)) throw badRequest(importMessages.notCsv);
    const header = await readHeader(start);
    if (!header && !ended) return;
    const problem = headerProblem(header);
    if (problem) throw badRequest(problem);
  };
  const held: Buffer[] = [];
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > importMaxBytes) throw new HttpError(413, importMessages.tooLarge);
    if (head) {
      head.push(chunk);
      held.push(chunk);
      if (size < headBytes) continue;
      await checkHead(false);
      yield* held.splice(0);
      continue;
    }
    yield chunk;
  }
  if (head) {
    await checkHead(true);
    yield* held.splice(0);
  }
}

/** `POST /api/products/import` (api.md §13): the file is stored with a job; the job does the work. */
export async function productImportRoutes(
  fastify: FastifyInstance,
  { ctx, jobs }: { ctx: AppContext; jobs: JobRunner },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/import',
    {
      config: {
        permission: 'import',
        // The request only queues the job; the job logs each product it changes (recordJobUnit).
        activity: { none: 'queues an import job: the job logs one import entry per product it changes' },
      },
      schema: { querystring: productImportQuerySchema, response: { 202: importAcceptedSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(importMessages.noFile);
      const caller = callerOf(request);
      const own = `${request.protocol}://${request.host}`;
      const params: ImportParams = {
        ...request.query,
        ownBases: [...new Set([imageBaseOf(ctx.config, request), own])],
        requestId: request.id,
        ip: request.ip,
      };
      let jobId: string | undefined;
      try {
        // The parser's own limit is a backstop only: checkedFile refuses at the limit itself.
        const parts = request.parts({ limits: { fileSize: importMaxBytes + 1024 * 1024, files: 1, fields: 10 } });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || jobId) {
            part.file.resume();
            continue;
          }
          jobId = await queueJobWithFile(ctx, caller, 'productImport', params, checkedFile(part.file));
        }
      } catch (error) {
        if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
        throw badRequest(messages.malformedUpload);
      }
      if (!jobId) throw badRequest(importMessages.noFile);
      jobs.wake();
      request.log.info({ event: 'import.queued', jobId, ...request.query }, 'import queued');
      return reply.code(202).send({ jobId });
    },
  );
}
