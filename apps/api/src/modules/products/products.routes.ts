import {
  idParamSchema,
  objectBodySchema,
  productDeletedSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productsCountSchema,
  searchQuerySchema,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { answerBuffers } from '../../db/finish';
import { callerOf } from '../../plugins/auth';
import { imageBaseOf } from '../../plugins/image-urls';
import * as products from './products.service';

// Product bodies are checked by the service, field by field in the spec's order.
const productBody = objectBodySchema;
const catIdQuery = productListQuerySchema.extend({
  catId: z.string({ error: 'catId is required' }).min(1, 'catId is required').max(64),
});

/**
 * Sends a page the service wrote as JSON (the declared schema still documents it). An answer
 * in one of the reusable buffers (finish.ts answerBuffers) goes back to the pool once the
 * response has been handed to the socket ('finish'); after an aborted response it is left to
 * the garbage collector.
 */
function sendPage(reply: FastifyReply, json: string | Buffer) {
  if (typeof json !== 'string' && answerBuffers.holds(json)) {
    reply.raw.once('finish', () => answerBuffers.give(json.buffer));
  }
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/** `/api/products` (api.md §5). */
export async function productsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    { schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    async (request, reply) =>
      sendPage(reply, await products.listProducts(ctx, request.query, imageBaseOf(ctx.config, request))),
  );
  app.get(
    '/catId',
    { schema: { querystring: catIdQuery, response: { 200: productPageSchema } } },
    async (request, reply) =>
      sendPage(reply, await products.listProducts(ctx, request.query, imageBaseOf(ctx.config, request))),
  );
  app.get('/get/count', { schema: { response: { 200: productsCountSchema } } }, () => products.countProducts(ctx));
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: productSchema } } }, (request) =>
    products.getProduct(ctx, request.params.id),
  );
  app.post('/create', { schema: { body: productBody, response: { 201: productSchema } } }, async (request, reply) =>
    reply.status(201).send(await products.createProduct(ctx, request.body)),
  );
  app.put(
    '/:id',
    { schema: { params: idParamSchema, body: productBody, response: { 200: productSchema } } },
    (request) => products.updateProduct(ctx, request.params.id, request.body),
  );
  app.delete('/:id', { schema: { params: idParamSchema, response: { 200: productDeletedSchema } } }, (request) =>
    products.deleteProduct(ctx, callerOf(request), request.params.id),
  );
}

/** `/api/search`: full-text search over the catalogue. */
export async function searchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    { schema: { querystring: searchQuerySchema, response: { 200: productPageSchema } } },
    async (request, reply) =>
      sendPage(
        reply,
        await products.searchProducts(
          ctx,
          request.query.q,
          request.query.page,
          request.query.perPage,
          imageBaseOf(ctx.config, request),
        ),
      ),
  );
}
