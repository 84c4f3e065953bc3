import { productCsvColumns, productExportQuerySchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { csvCompression, csvFileName, sendCsv } from '../../lib/csv-export';
import { absoluteImageUrlsInJson, imageBaseOf } from '../../plugins/image-urls';
import { productCsvPages } from './products-export.service';

/** Stored `/uploads/…` paths as absolute URLs, by the one rule of every JSON answer, applied to the list's JSON. */
const absoluteUrls = (base: string) => (paths: string[]) =>
  JSON.parse(absoluteImageUrlsInJson(JSON.stringify(paths), base)) as string[];

/** `GET /api/products/export` (api.md §13): the catalogue as CSV, streamed. */
export async function productExportRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/export',
    { compress: csvCompression, config: { permission: 'export' }, schema: { querystring: productExportQuerySchema } },
    (request, reply) =>
      sendCsv(
        reply,
        csvFileName('products', ctx.clock()),
        productCsvColumns,
        productCsvPages(ctx, request.query, absoluteUrls(imageBaseOf(ctx.config, request))),
      ),
  );
}
