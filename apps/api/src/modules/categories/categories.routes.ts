import {
  catalogueMessages,
  categoryBodySchema,
  categoryCountSchema,
  categoryDataSchema,
  categoryListSchema,
  categorySchema,
  idParamSchema,
  trashedSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { checkIfMatch, sendTagged, tagged } from '../../plugins/record-tags';
import * as categories from './categories.service';

/** `/api/category` (api.md §5): categories and, with parentId, sub categories. */
export async function categoriesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { schema: { response: { 200: categoryListSchema } } }, () => categories.listCategoryTree(ctx));

  app.get('/get/count', { schema: { response: { 200: categoryCountSchema } } }, () =>
    categories.countRootCategories(ctx),
  );

  app.get('/subCat/get/count', { schema: { response: { 200: categoryCountSchema } } }, () =>
    categories.countSubCategories(ctx),
  );

  app.get(
    '/:id',
    { schema: { params: idParamSchema, response: { 200: categoryDataSchema } } },
    async (request, reply) => {
      const category = await categories.getCategory(ctx, request.params.id);
      return sendTagged(request, reply, category, { categoryData: [category] });
    },
  );

  app.post(
    '/create',
    {
      config: { permission: 'catalogue:write', activity: { action: 'create', entity: 'category' } },
      schema: { body: categoryBodySchema, response: { 201: categorySchema } },
    },
    async (request, reply) => reply.status(201).send(await categories.createCategory(ctx, request.body)),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'catalogue:write', activity: { action: 'update', entity: 'category' } },
      schema: { params: idParamSchema, body: categoryBodySchema, response: { 200: categorySchema } },
    },
    async (request, reply) => {
      await checkIfMatch(request, () => categories.getCategory(ctx, request.params.id));
      return tagged(reply, await categories.updateCategory(ctx, request.params.id, request.body));
    },
  );

  app.delete(
    '/:id',
    {
      config: {
        permission: 'catalogue:delete',
        refusal: catalogueMessages.onlyOwnerDeletesCategory,
        activity: { action: 'delete', entity: 'category' },
      },
      schema: { params: idParamSchema, response: { 200: trashedSchema } },
    },
    (request) => categories.deleteCategory(ctx, callerOf(request), request.params.id),
  );
}
