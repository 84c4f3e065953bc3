import { activityPageSchema, activityQuerySchema, activityRecordParamsSchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import * as activity from './activity.service';

const pageQuery = activityQuerySchema.pick({ cursor: true, limit: true });

/**
 * `/api/activity` (api.md §11): the log needs `audit:read`; one record's history is for any
 * staff member (the History panels). Read only: entries are never changed or deleted through the
 * API (ACTIVITY_DAYS bounds how long they are kept).
 */
export async function activityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { permission: 'audit:read' },
      schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } },
    },
    (request) => activity.listActivity(ctx, request.query),
  );
  app.get(
    '/:entity/:id',
    {
      schema: { params: activityRecordParamsSchema, querystring: pageQuery, response: { 200: activityPageSchema } },
    },
    (request) => activity.recordHistory(ctx, request.params.entity, request.params.id, request.query),
  );
}
