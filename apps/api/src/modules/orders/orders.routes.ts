import {
  bestSellersQuerySchema,
  bestSellersSchema,
  deletedSchema,
  idParamSchema,
  objectBodySchema,
  orderCountSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  salesQuerySchema,
  salesSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import * as orders from './orders.service';
import { bestSellers, salesReport } from './sales.service';

// Order bodies are checked by the service (one schema for create and update).
const orderBody = objectBodySchema;

/** `/api/orders` (api.md §6). */
export async function ordersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      schema: {
        querystring: orderListQuerySchema,
        response: { 200: z.union([z.array(orderSchema), orderPageSchema]) },
      },
    },
    (request) => orders.listOrders(ctx, request.query),
  );
  app.get('/get/count', { schema: { response: { 200: orderCountSchema } } }, () => orders.countOrders(ctx));
  app.get('/sales', { schema: { querystring: salesQuerySchema, response: { 200: salesSchema } } }, (request) =>
    salesReport(ctx, request.query),
  );
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: orderSchema } } }, (request) =>
    orders.getOrder(ctx, request.params.id),
  );
  app.post(
    '/create',
    {
      config: { permission: 'orders:write', activity: { action: 'create', entity: 'order' } },
      schema: { body: orderBody, response: { 201: orderSchema } },
    },
    async (request, reply) => reply.status(201).send(await orders.createOrder(ctx, request.body)),
  );
  app.put(
    '/:id',
    {
      config: { permission: 'orders:write', activity: { action: 'update', entity: 'order', statusOnly: true } },
      schema: { params: idParamSchema, body: orderBody, response: { 200: orderSchema } },
    },
    (request) => orders.updateOrder(ctx, request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { permission: 'orders:write', activity: { action: 'delete', entity: 'order' } },
      schema: { params: idParamSchema, response: { 200: deletedSchema } },
    },
    (request) => orders.deleteOrder(ctx, request.params.id),
  );
}

/** `GET /api/products/bestSellers` (api.md §4), ranked from the order summaries. */
export async function bestSellersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/bestSellers',
    { schema: { querystring: bestSellersQuerySchema, response: { 200: bestSellersSchema } } },
    (request) => bestSellers(ctx, request.query.catId, request.query.limit),
  );
}
