import {
  type BannerFamily,
  bannerFamilies,
  bannerSchema,
  idParamSchema,
  objectBodySchema,
  trashedSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { checkIfMatch, sendTagged, tagged } from '../../plugins/record-tags';
import { bannersService } from './banners.service';

/** `/api/homeBanner`, `/api/banners`, `/api/homeSideBanners`, `/api/homeBottomBanners`: registered per family. */
export function bannersRoutes(family: BannerFamily) {
  return async (fastify: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const service = bannersService(ctx, family);
    const body = objectBodySchema;

    app.get('/', { schema: { response: { 200: z.array(bannerSchema) } } }, () => service.list());
    app.get('/:id', { schema: { params: idParamSchema, response: { 200: bannerSchema } } }, async (request, reply) =>
      sendTagged(request, reply, await service.get(request.params.id)),
    );
    app.post(
      '/create',
      {
        config: { permission: 'catalogue:write', activity: { action: 'create', entity: family } },
        schema: { body, response: { 201: bannerSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.body)),
    );
    app.put(
      '/:id',
      {
        config: { permission: 'catalogue:write', activity: { action: 'update', entity: family } },
        schema: { params: idParamSchema, body, response: { 200: bannerSchema } },
      },
      async (request, reply) => {
        await checkIfMatch(request, () => service.get(request.params.id));
        return tagged(reply, await service.update(request.params.id, request.body));
      },
    );
    app.delete(
      '/:id',
      {
        config: {
          permission: 'catalogue:delete',
          refusal: bannerFamilies[family].onlyOwner,
          activity: { action: 'delete', entity: family },
        },
        schema: { params: idParamSchema, response: { 200: trashedSchema } },
      },
      (request) => service.remove(callerOf(request), request.params.id),
    );
  };
}
