import {
  acceptInviteBodySchema,
  idParamSchema,
  inviteBodySchema,
  inviteResponseSchema,
  signinResponseSchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateBodySchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import * as staff from './staff.service';

/** `/api/staff` (api.md §10): the staff list, invitations and changes need `staff:manage`. */
export async function staffRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'staff:manage' } as const;

  app.get('/', { config: manage, schema: { response: { 200: staffListSchema } } }, () => staff.listStaff(ctx));
  app.post(
    '/invite',
    {
      config: { ...manage, activity: { action: 'invite', entity: 'user' } },
      schema: { body: inviteBodySchema, response: { 201: inviteResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await staff.inviteStaff(ctx, callerOf(request), request.body)),
  );
  app.post(
    '/acceptInvite',
    {
      config: { access: 'public', activity: { action: 'create', entity: 'user' } },
      schema: { body: acceptInviteBodySchema, response: { 200: signinResponseSchema } },
    },
    (request) =>
      staff.acceptInvite(ctx, request.body, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }),
  );
  app.put(
    '/:id',
    {
      config: { ...manage, activity: { action: 'role', entity: 'user' } },
      schema: { params: idParamSchema, body: staffUpdateBodySchema, response: { 200: staffMemberSchema } },
    },
    (request) => staff.updateMember(ctx, callerOf(request), request.params.id, request.body),
  );
}
