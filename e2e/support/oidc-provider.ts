import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import { serveAvatar } from './oidc-avatars';
import { loginPage } from './oidc-login-page';

/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google in tests and
 * for `npm run dev:idp`. Its login page takes any e-mail address; the address counts as
 * verified unless it contains '+unverified'.
 */
export interface OidcProviderOptions {
  /** Shopdesk's callback URL(s): `<origin>/api/auth/oidc/callback`. */
  redirectUri: string | string[];
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second registered client: its ID tokens name another audience. */
  otherClient: { clientId: string; clientSecret: string };
  /** The environment that points Shopdesk at this provider. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Tests only: rewrite the claims of the next ID tokens (re-signed with the provider's key). */
  tamperIdTokens(change: ((claims: JWTPayload) => JWTPayload) | undefined): void;
  close(): Promise<void>;
}

export const testClient = { clientId: 'shopdesk-test', clientSecret: 'shopdesk-test-secret-0123456789' };
const otherClient = { clientId: 'another-app', clientSecret: 'another-app-secret-0123456789' };

/** 'asha.rao+x@shop.test' -> 'Asha Rao' */
export function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? email).split('+')[0] ?? '';
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ');
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => serveAvatar(req, res) || handler(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingJwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const redirectUris = ([] as string[]).concat(options.redirectUri);
  const client = (c: { clientId: string; clientSecret: string }): ClientMetadata => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });

  const provider = new Provider(issuer, {
    clients: [client(testClient), client(otherClient)],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries the profile and e-mail.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: !id.includes('+unverified'),
        name: nameFromEmail(id),
        picture: `${issuer}/avatars/${encodeURIComponent(id)}.png`,
      }),
    }),
    // A first-party stand-in: no consent screen, every client gets the scopes it asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client: oidcClient, session } = ctx.oidc;
      if (!oidcClient || !session?.accountId) return undefined;
      const existing = session.grantIdFor(oidcClient.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: oidcClient.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(oidcClient.clientId, grant.jti);
      return grant;
    },
  });

  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!tamper || ctx.path !== '/token' || !body?.id_token) return;
    const claims = tamper(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
  });

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = loginPage(ctx.path, details.prompt.name);
      return;
    }
    const form = new URLSearchParams(await readBody(ctx.req));
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const result =
      form.get('cancel') !== null
        ? { error: 'access_denied', error_description: 'The sign-in was cancelled at the identity provider' }
        : { login: { accountId: email } };
    if (!('error' in result) && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = loginPage(ctx.path, details.prompt.name, 'Enter an e-mail address');
      return;
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(returnTo);
  });

  handler = provider.callback();
  return {
    issuer,
    clientId: testClient.clientId,
    clientSecret: testClient.clientSecret,
    otherClient,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: testClient.clientId, OIDC_CLIENT_SECRET: testClient.clientSecret },
    tamperIdTokens: (change) => {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
      if (data.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
