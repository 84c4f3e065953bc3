import {
  bulkIdParamSchema,
  productBulkAnswerSchema,
  productBulkBodySchema,
  productBulkDeleteAnswerSchema,
  productBulkDeleteBodySchema,
  productBulkUndoAnswerSchema,
  productMessages,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { bulkEdit, undoBulkEdit } from './products-bulk.service';
import { bulkDelete } from './products-bulk-delete.service';

/** 100,000 ids (`bulkMaxIds`) of 24 characters are ~2.7 MB of JSON: more than the API's 1 MB default. */
const bodyLimit = 4 * 1024 * 1024;

/**
 * Bulk edit, its undo, and bulk delete (api.md §13). Each changes many products in one unit of
 * work and declares `many`: the activity log gets one entry per product that changed. An undo is
 * logged as `bulk` too (it is a bulk change, the entries' before → after show what came back).
 */
export async function productBulkRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/bulk',
    {
      bodyLimit,
      config: { permission: 'catalogue:write', activity: { action: 'bulk', entity: 'product', many: true } },
      schema: { body: productBulkBodySchema, response: { 200: productBulkAnswerSchema } },
    },
    (request) => bulkEdit(ctx, callerOf(request), request.body),
  );
  app.post(
    '/bulk/:bulkId/undo',
    {
      config: { permission: 'catalogue:write', activity: { action: 'bulk', entity: 'product', many: true } },
      schema: { params: bulkIdParamSchema, response: { 200: productBulkUndoAnswerSchema } },
    },
    (request) => undoBulkEdit(ctx, request.params.bulkId),
  );
  app.post(
    '/bulkDelete',
    {
      bodyLimit,
      config: {
        permission: 'catalogue:delete',
        refusal: productMessages.onlyOwnerDeletes,
        activity: { action: 'delete', entity: 'product', many: true },
      },
      schema: { body: productBulkDeleteBodySchema, response: { 200: productBulkDeleteAnswerSchema } },
    },
    (request) => bulkDelete(ctx, callerOf(request), request.body.ids),
  );
}
