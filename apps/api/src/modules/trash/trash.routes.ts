import {
  restoredSchema,
  trashIdParamSchema,
  trashListSchema,
  trashMessages,
  trashQuerySchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { listTrash, purgeTrash, restoreTrash } from './trash.service';

const purgedSchema = z.object({ success: z.literal(true), message: z.string() });

/** `/api/trash` (api.md §12): what was deleted, brought back or deleted for good. */
export async function trashRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: { querystring: trashQuerySchema, response: { 200: trashListSchema } } }, (request) =>
    listTrash(ctx, request.query.entity),
  );
  app.post(
    '/:trashId/restore',
    {
      config: { permission: 'catalogue:write', activity: { action: 'restore', entity: 'trashed' } },
      schema: { params: trashIdParamSchema, response: { 200: restoredSchema } },
    },
    (request) => restoreTrash(ctx, request.params.trashId),
  );
  app.delete(
    '/:trashId',
    {
      config: {
        permission: 'catalogue:delete',
        refusal: trashMessages.onlyOwnerPurges,
        activity: { action: 'purge', entity: 'trashed' },
      },
      schema: { params: trashIdParamSchema, response: { 200: purgedSchema } },
    },
    (request) => purgeTrash(ctx, callerOf(request), request.params.trashId),
  );
}
