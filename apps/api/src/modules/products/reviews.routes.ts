import {
  idParamSchema,
  objectBodySchema,
  reviewCountSchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import * as reviews from './reviews.service';

/** `/api/productReviews` (api.md §5). */
export async function reviewsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    { schema: { querystring: reviewListQuerySchema, response: { 200: z.array(reviewSchema) } } },
    (request) => reviews.listReviews(ctx, request.query.productId),
  );
  app.get('/get/count', { schema: { response: { 200: reviewCountSchema } } }, () => reviews.countReviews(ctx));
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: reviewSchema } } }, (request) =>
    reviews.getReview(ctx, request.params.id),
  );
  app.post(
    '/add',
    {
      config: {
        permission: 'catalogue:write',
        activity: { none: 'a shop customer’s review: api.md §11 logs the shop’s own records' },
      },
      schema: { body: objectBodySchema, response: { 201: reviewSchema } },
    },
    async (request, reply) => reply.status(201).send(await reviews.addReview(ctx, request.body)),
  );
}
