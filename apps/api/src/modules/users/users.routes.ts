import {
  changePasswordBodySchema,
  idParamSchema,
  messages,
  okMessageSchema,
  profileBodySchema,
  signinBodySchema,
  signinResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  userCountSchema,
  userSchema,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import * as users from './users.service';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** `/api/user`: accounts (api.md §3). Routes translate HTTP; users.service holds the rules. */
export async function usersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/signin',
    {
      config: { access: 'public', activity: { action: 'signin', entity: 'user', refused: 'signin_failed' } },
      schema: { body: signinBodySchema, response: { 200: signinResponseSchema } },
    },
    // The request's own logger: sign-in successes and failures carry its reqId.
    (request) => users.signIn({ ...ctx, log: request.log }, request.body, meta(request)),
  );

  app.post(
    '/signup',
    {
      config: { access: 'public', errorBody: { status: 'FAILED' }, activity: { action: 'create', entity: 'user' } },
      schema: { body: signupBodySchema, response: { 201: signupResponseSchema } },
    },
    async (request, reply) => {
      const user = await users.signUp(ctx, request.body);
      return reply.status(201).send({
        status: 'SUCCESS' as const,
        error: false as const,
        msg: messages.signupSuccess,
        user: { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin },
      });
    },
  );

  app.post(
    '/logout',
    {
      config: {
        allowBeforeTwoFactor: true,
        permission: 'staff',
        activity: { none: 'ends the caller’s own session (its sign-in was logged)' },
      },
      schema: { response: { 200: okMessageSchema } },
    },
    (request) => users.logOut(ctx, callerOf(request)),
  );

  app.get('/get/count', { schema: { response: { 200: userCountSchema } } }, () => users.userCount(ctx));

  app.put(
    '/changePassword/:id',
    {
      config: { ownAccountParam: 'id', permission: 'staff', activity: { action: 'update', entity: 'user' } },
      schema: { params: idParamSchema, body: changePasswordBodySchema, response: { 200: okMessageSchema } },
    },
    (request) => users.changePassword(ctx, callerOf(request), request.params.id, request.body, meta(request)),
  );

  app.get(
    '/:id',
    {
      config: { allowBeforeTwoFactor: true, ownAccountParam: 'id' },
      schema: { params: idParamSchema, response: { 200: userSchema } },
    },
    (request) => users.readOwnUser(ctx, callerOf(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      config: { ownAccountParam: 'id', permission: 'staff', activity: { action: 'update', entity: 'user' } },
      schema: { params: idParamSchema, body: profileBodySchema, response: { 200: userSchema } },
    },
    (request) => users.updateOwnProfile(ctx, callerOf(request), request.params.id, request.body, meta(request)),
  );
}
