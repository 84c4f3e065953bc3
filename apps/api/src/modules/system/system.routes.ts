import { errorBodySchema, healthSchema, messages, publicConfigSchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSignupOpen } from '../../config';
import type { AppContext } from '../../context';

/** What the health check asks of the database: buildApp passes its handle (routes import no db/). */
interface DatabaseProbe {
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
}

/** `GET /api/health` and `GET /api/config` (public). */
export async function systemRoutes(
  fastify: FastifyInstance,
  { ctx, handle }: { ctx: AppContext; handle: DatabaseProbe },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: errorBodySchema } } },
    async (_request, reply) => {
      if (await handle.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ error: true, msg: messages.databaseUnavailable });
    },
  );

  app.get('/config', { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } }, (request) => {
    const { oidc } = ctx.config;
    return {
      googleSignIn: Boolean(oidc.clientId && oidc.clientSecret),
      countriesUrl: ctx.config.countriesUrl,
      signupOpen: isSignupOpen(ctx.config),
      ...(request.caller?.isAdmin ? { ownerEmail: ctx.config.adminEmail } : {}),
    };
  });
}
