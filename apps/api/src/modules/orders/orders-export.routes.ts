import { orderCsvColumns, orderExportQuerySchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { csvCompression, csvFileName, sendCsv } from '../../lib/csv-export';
import { orderCsvPages } from './orders-export.service';

/** `GET /api/orders/export` (api.md §13): one CSV row per order line, streamed. */
export async function orderExportRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/export',
    { compress: csvCompression, config: { permission: 'export' }, schema: { querystring: orderExportQuerySchema } },
    (request, reply) =>
      sendCsv(reply, csvFileName('orders', ctx.clock()), orderCsvColumns, orderCsvPages(ctx, request.query)),
  );
}
