import { idParamSchema, okAnswerSchema, roleBodySchema, roleListSchema, roleSchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import * as roles from './roles.service';

/** `/api/roles` (api.md §10): any staff member reads them; changing them needs `staff:manage`. */
export async function rolesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'staff:manage' } as const;

  app.get('/', { schema: { response: { 200: roleListSchema } } }, () => roles.listRoles(ctx));
  app.post(
    '/',
    {
      config: { ...manage, activity: { action: 'create', entity: 'role' } },
      schema: { body: roleBodySchema, response: { 201: roleSchema } },
    },
    async (request, reply) => reply.status(201).send(await roles.createRole(ctx, request.body)),
  );
  app.put(
    '/:id',
    {
      config: { ...manage, activity: { action: 'update', entity: 'role' } },
      schema: { params: idParamSchema, body: roleBodySchema, response: { 200: roleSchema } },
    },
    (request) => roles.updateRole(ctx, request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { ...manage, activity: { action: 'delete', entity: 'role' } },
      schema: { params: idParamSchema, response: { 200: okAnswerSchema } },
    },
    (request) => roles.deleteRole(ctx, request.params.id),
  );
}
