import { createHash } from 'node:crypto';
import {
  idParamSchema,
  lowStockProductsSchema,
  lowStockQuerySchema,
  objectBodySchema,
  productDeletedSchema,
  productListQuerySchema,
  productMessages,
  productPageSchema,
  productSchema,
  productsCountSchema,
  searchQuerySchema,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { imageBaseOf } from '../../plugins/image-urls';
import { checkIfMatch, sendTagged, tagged } from '../../plugins/record-tags';
import * as products from './products.service';

// Product bodies are checked by the service, field by field in the spec's order.
const productBody = objectBodySchema;
const catIdQuery = productListQuerySchema.extend({
  catId: z.string({ error: 'catId is required' }).min(1, 'catId is required').max(64),
});

/** A short digest of an image origin (a shop has one or two: the last is kept). */
let lastOrigin = { base: '', digest: '' };
function originTag(base: string): string {
  if (lastOrigin.base !== base) {
    lastOrigin = { base, digest: createHash('sha1').update(base).digest('base64url').slice(0, 12) };
  }
  return lastOrigin.digest;
}

/**
 * HTTP caching of catalogue answers. Every write that changes what a product answer shows
 * moves the catalogue version, so the version and the origin put before image paths (the
 * answer's only other input besides its URL) name the answer's bytes: a strong ETag. A client
 * that asks again with it gets 304 and nothing to download. `private, no-cache`: kept only by
 * the signed-in browser, and asked again (cheaply) each time.
 */
const tagOf = (version: number, base: string) => `"${version.toString(36)}-${originTag(base)}"`;

function notModified(request: FastifyRequest, reply: FastifyReply, version: number, base: string): boolean {
  const tag = tagOf(version, base);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  const asked = request.headers['if-none-match'];
  if (!asked?.split(',').some((given) => given.trim() === tag || given.trim() === '*')) return false;
  reply.code(304).send();
  return true;
}

/**
 * Sends a page the service makes as JSON text (the declared schema documents it;
 * product-json.test.ts checks such answers against it on both engines). The HTTP cache check
 * comes first: a client whose copy still holds costs no page read.
 */
async function sendPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  make: () => Promise<products.PageAnswer>,
) {
  const base = imageBaseOf(ctx.config, request);
  const { version } = await ctx.catalogue.current();
  if (notModified(request, reply, version, base)) return reply;
  const answer = await make();
  // A write landed meanwhile: the tag names the version the page was made from.
  if (answer.version !== version) reply.header('etag', tagOf(answer.version, base));
  return reply.type('application/json; charset=utf-8').send(answer.json as never);
}

/** `/api/products` (api.md §5). */
export async function productsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    { schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) => sendPage(ctx, request, reply, () => products.listProducts(ctx, request.query)),
  );
  app.get('/catId', { schema: { querystring: catIdQuery, response: { 200: productPageSchema } } }, (request, reply) =>
    sendPage(ctx, request, reply, () => products.listProducts(ctx, request.query)),
  );
  app.get('/get/count', { schema: { response: { 200: productsCountSchema } } }, () => products.countProducts(ctx));
  // A static path: matched before `/:id` whatever the order of declaration (find-my-way).
  app.get(
    '/lowStock',
    { schema: { querystring: lowStockQuerySchema, response: { 200: lowStockProductsSchema } } },
    (request) => products.listLowStock(ctx, request.query.limit),
  );
  // One product's tag follows that product's answer, not the catalogue (api.md §14).
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: productSchema } } }, async (request, reply) =>
    sendTagged(request, reply, await products.getProduct(ctx, request.params.id)),
  );
  app.post(
    '/create',
    {
      config: { permission: 'catalogue:write', activity: { action: 'create', entity: 'product' } },
      schema: { body: productBody, response: { 201: productSchema } },
    },
    async (request, reply) => reply.status(201).send(await products.createProduct(ctx, request.body)),
  );
  app.put(
    '/:id',
    {
      config: { permission: 'catalogue:write', activity: { action: 'update', entity: 'product' } },
      schema: { params: idParamSchema, body: productBody, response: { 200: productSchema } },
    },
    async (request, reply) => {
      await checkIfMatch(request, () => products.getProduct(ctx, request.params.id));
      return tagged(reply, await products.updateProduct(ctx, request.params.id, request.body));
    },
  );
  app.delete(
    '/:id',
    {
      config: {
        permission: 'catalogue:delete',
        refusal: productMessages.onlyOwnerDeletes,
        activity: { action: 'delete', entity: 'product' },
      },
      schema: { params: idParamSchema, response: { 200: productDeletedSchema } },
    },
    (request) => products.deleteProduct(ctx, callerOf(request), request.params.id),
  );
}

/** `/api/search`: full-text search over the catalogue. */
export async function searchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: { querystring: searchQuerySchema, response: { 200: productPageSchema } } }, (request, reply) =>
    sendPage(ctx, request, reply, () =>
      products.searchProducts(ctx, request.query.q, request.query.page, request.query.perPage),
    ),
  );
}
