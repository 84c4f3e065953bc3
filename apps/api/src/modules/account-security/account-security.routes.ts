import {
  disableTwoFactorBodySchema,
  forgotPasswordBodySchema,
  okMessageSchema,
  otpBodySchema,
  recoveryCodesSchema,
  resetPasswordBodySchema,
  sessionSchema,
  twoFactorSetupBodySchema,
  twoFactorSetupSchema,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../sessions/sessions.service';
import * as security from './account-security.service';

/** Forgotten passwords, two-step sign-in and sessions (api.md §3 "Account security"). */
export async function accountSecurityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const beforeTwoFactor = { allowBeforeTwoFactor: true, permission: 'staff' } as const;
  const ownAccountUpdate = { action: 'update', entity: 'user', ownAccount: true } as const;
  const ownSessions = { none: 'ends the caller’s own sessions: no shop record changes' };

  app.post(
    '/forgotPassword',
    {
      config: { access: 'public', activity: { none: 'asks for a reset link: no account changes until it is used' } },
      schema: { body: forgotPasswordBodySchema, response: { 200: okMessageSchema } },
    },
    (request) => security.requestPasswordReset(ctx, request.body.email, request.ip),
  );
  app.post(
    '/resetPassword',
    {
      config: { access: 'public', activity: { action: 'update', entity: 'user' } },
      schema: { body: resetPasswordBodySchema, response: { 200: okMessageSchema } },
    },
    (request) => security.resetPassword(ctx, request.body),
  );

  app.post(
    '/2fa/setup',
    {
      config: { ...beforeTwoFactor, activity: ownAccountUpdate },
      schema: { body: twoFactorSetupBodySchema, response: { 200: twoFactorSetupSchema } },
    },
    (request) => security.startTwoFactorSetup(ctx, callerOf(request), request.body.password, request.ip),
  );
  app.post(
    '/2fa/enable',
    {
      config: { ...beforeTwoFactor, activity: ownAccountUpdate },
      schema: { body: otpBodySchema, response: { 200: recoveryCodesSchema } },
    },
    (request) => security.confirmTwoFactor(ctx, callerOf(request), request.body.otp),
  );
  app.post(
    '/2fa/disable',
    {
      config: { permission: 'staff', activity: ownAccountUpdate },
      schema: { body: disableTwoFactorBodySchema, response: { 200: okMessageSchema } },
    },
    (request) => security.turnOffTwoFactor(ctx, callerOf(request), request.body, request.ip),
  );

  app.get('/sessions', { config: beforeTwoFactor, schema: { response: { 200: z.array(sessionSchema) } } }, (request) =>
    listOwnSessions(ctx, callerOf(request)),
  );
  app.delete(
    '/sessions/:id',
    {
      config: { ...beforeTwoFactor, activity: ownSessions },
      schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: okMessageSchema } },
    },
    (request) => endOwnSession(ctx, callerOf(request), request.params.id),
  );
  app.delete(
    '/sessions',
    { config: { ...beforeTwoFactor, activity: ownSessions }, schema: { response: { 200: okMessageSchema } } },
    (request) => endOtherSessions(ctx, callerOf(request)),
  );
}
