import {
  bestSellersQuerySchema,
  bestSellersSchema,
  deletedSchema,
  idParamSchema,
  invoiceNumberHeader,
  objectBodySchema,
  orderCountSchema,
  orderListQuerySchema,
  orderNoteBodySchema,
  orderPageSchema,
  orderSchema,
  orderTimelineEntrySchema,
  orderTimelineSchema,
  salesQuerySchema,
  salesSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { checkIfMatch, sendTagged, tagged } from '../../plugins/record-tags';
import { orderInvoice } from './invoice.service';
import { addOrderNote, orderTimeline } from './order-timeline.service';
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
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: orderSchema } } }, async (request, reply) =>
    sendTagged(request, reply, await orders.getOrder(ctx, request.params.id)),
  );
  app.get('/:id/timeline', { schema: { params: idParamSchema, response: { 200: orderTimelineSchema } } }, (request) =>
    orderTimeline(ctx, request.params.id),
  );
  app.post(
    '/:id/notes',
    {
      // A note counts on the order (noteCount): the log's entry says a note was added; the timeline shows it.
      config: { permission: 'orders:write', activity: { action: 'update', entity: 'order' } },
      schema: { params: idParamSchema, body: orderNoteBodySchema, response: { 201: orderTimelineEntrySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await addOrderNote(ctx, callerOf(request), request.params.id, request.body.text)),
  );
  app.get(
    '/:id/invoice.pdf',
    {
      // Reading the invoice gives the order its number the first time: that change is logged.
      config: { activity: { action: 'update', entity: 'order' } },
      // Its answer (application/pdf) is described in plugins/api-docs-routes.ts.
      schema: { params: idParamSchema },
    },
    async (request, reply) => {
      const { invoiceNumber, pdf } = await orderInvoice(ctx, request.params.id);
      return reply
        .type('application/pdf')
        .header(invoiceNumberHeader, String(invoiceNumber))
        .header('content-disposition', `attachment; filename="invoice-${invoiceNumber}.pdf"`)
        .send(pdf);
    },
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
    async (request, reply) => {
      await checkIfMatch(request, () => orders.getOrder(ctx, request.params.id));
      return tagged(reply, await orders.updateOrder(ctx, request.params.id, request.body));
    },
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
