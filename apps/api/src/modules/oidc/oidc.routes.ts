import { authWithGoogleBodySchema, oidcMessages, signinResponseSchema } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { authWithGoogle } from './google-sign-in.service';
import { finishSignIn, redirectUriFor, startSignIn } from './oidc.service';
import { isOidcConfigured, lazyOidcClient } from './oidc-client';
import { relayScript, sendPopupPage } from './oidc-page';
import { readState, setStateCookie } from './oidc-state';

const publicRoute = { config: { access: 'public' as const } };
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** `/api/auth/oidc`: the popup's two steps (api.md §8) and the page's script. */
export async function oidcRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const getClient = lazyOidcClient(ctx.config);

  app.get('/start', publicRoute, async (request, reply) => {
    if (!isOidcConfigured(ctx.config)) return sendPopupPage(reply, { error: oidcMessages.notConfigured }, 404);
    try {
      const { url, cookie } = await startSignIn(ctx, getClient, redirectUriFor(ctx, originOf(request)));
      setStateCookie(ctx, reply, cookie);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      ctx.log.warn({ event: 'oidc.discovery.failed', err: error }, 'OpenID provider unreachable');
      return sendPopupPage(reply, { error: oidcMessages.providerUnavailable }, 503);
    }
  });

  app.get('/callback', publicRoute, async (request, reply) => {
    if (!isOidcConfigured(ctx.config)) return sendPopupPage(reply, { error: oidcMessages.notConfigured }, 404);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const saved = await readState(ctx, request);
    // The cookie is spent whatever happens: a code is tried once.
    setStateCookie(ctx, reply, undefined);
    const outcome = await finishSignIn(ctx, getClient, redirectUriFor(ctx, originOf(request)), query, saved);
    return sendPopupPage(reply, outcome.result, outcome.status);
  });

  app.get('/relay.js', publicRoute, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(relayScript),
  );
}

/** `POST /api/user/authWithGoogle` (public; the credential is the proof). */
export async function googleSignInRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/authWithGoogle',
    {
      config: { access: 'public', activity: { action: 'signin', entity: 'user', refused: 'signin_failed' } },
      schema: { body: authWithGoogleBodySchema, response: { 200: signinResponseSchema } },
    },
    (request) =>
      authWithGoogle(ctx, request.body, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }),
  );
}
