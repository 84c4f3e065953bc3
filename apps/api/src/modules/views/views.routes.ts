import {
  deletedSchema,
  idParamSchema,
  savedViewBodySchema,
  savedViewChangeSchema,
  savedViewListSchema,
  savedViewSchema,
  viewsQuerySchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { changeView, createView, deleteView, listViews } from './views.service';

/**
 * `/api/views` (api.md §16). Any staff member keeps views of their own and shares them; a
 * shared view of someone else's is changed or deleted with `staff:manage` only (the service).
 */
export async function viewsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: { querystring: viewsQuerySchema, response: { 200: savedViewListSchema } } }, (request) =>
    listViews(ctx, callerOf(request), request.query.screen),
  );
  app.post(
    '/',
    {
      config: { permission: 'staff', activity: { action: 'create', entity: 'view' } },
      schema: { body: savedViewBodySchema, response: { 201: savedViewSchema } },
    },
    async (request, reply) => reply.status(201).send(await createView(ctx, callerOf(request), request.body)),
  );
  app.put(
    '/:id',
    {
      config: { permission: 'staff', activity: { action: 'update', entity: 'view' } },
      schema: { params: idParamSchema, body: savedViewChangeSchema, response: { 200: savedViewSchema } },
    },
    (request) => changeView(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'staff', activity: { action: 'delete', entity: 'view' } },
      schema: { params: idParamSchema, response: { 200: deletedSchema } },
    },
    (request) => deleteView(ctx, callerOf(request), request.params.id),
  );
}
