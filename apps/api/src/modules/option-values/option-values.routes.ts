import {
  idParamSchema,
  type OptionFamily,
  objectBodySchema,
  optionEntity,
  optionRecordSchema,
  trashedSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { optionValuesService } from './option-values.service';

/** `/api/productRAMS`, `/api/productWeight`, `/api/productSIZE`: one module, registered per family. */
export function optionValuesRoutes(family: OptionFamily) {
  return async (fastify: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const service = optionValuesService(ctx, family);
    const record = optionRecordSchema(family);
    const entity = optionEntity(family);
    // The body is checked by the service with the family's own empty-value message.
    const body = objectBodySchema;

    app.get('/', { schema: { response: { 200: z.array(record) } } }, () => service.list());
    app.get('/:id', { schema: { params: idParamSchema, response: { 200: record } } }, (request) =>
      service.get(request.params.id),
    );
    app.post(
      '/create',
      {
        config: { permission: 'catalogue:write', activity: { action: 'create', entity } },
        schema: { body, response: { 201: record } },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.body)),
    );
    app.put(
      '/:id',
      {
        config: { permission: 'catalogue:write', activity: { action: 'update', entity } },
        schema: { params: idParamSchema, body, response: { 200: record } },
      },
      (request) => service.update(request.params.id, request.body),
    );
    // Deleting an option value stays with the writers: spec §6 gives option deletes no owner
    // check, and api.md §10's manager keeps what the spec lets a non-owner administrator do.
    app.delete(
      '/:id',
      {
        config: { permission: 'catalogue:write', activity: { action: 'delete', entity } },
        schema: { params: idParamSchema, response: { 200: trashedSchema } },
      },
      (request) => service.remove(callerOf(request), request.params.id),
    );
  };
}
