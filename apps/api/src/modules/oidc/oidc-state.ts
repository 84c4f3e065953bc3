import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';
import { deriveKey } from './oidc-keys';

/** What must come back with the provider's answer: held in the popup's own cookie. */
export interface OidcState {
  state: string;
  nonce: string;
  verifier: string;
}

export const stateCookieName = 'shopdesk_oidc';
const cookiePath = '/api/auth/oidc';
const lifetimeSeconds = 600;
const audience = 'shopdesk-oidc-state';

export async function signState(ctx: AppContext, value: OidcState): Promise<string> {
  const now = Math.floor(ctx.clock() / 1000);
  return new SignJWT({ ...value })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('shopdesk')
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(deriveKey(ctx, 'oidc-state'));
}

/** The state in a valid, unexpired cookie; undefined for anything else. */
export async function readState(ctx: AppContext, request: FastifyRequest): Promise<OidcState | undefined> {
  const cookie = readCookie(request.headers.cookie, stateCookieName);
  if (!cookie) return undefined;
  try {
    const { payload } = await jwtVerify(cookie, deriveKey(ctx, 'oidc-state'), {
      algorithms: ['HS256'],
      issuer: 'shopdesk',
      audience,
      currentDate: new Date(ctx.clock()),
    });
    const { state, nonce, verifier } = payload;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return undefined;
    return { state, nonce, verifier };
  } catch {
    return undefined;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax (it must come back on the provider's top-level redirect), 10 minutes. */
export function setStateCookie(ctx: AppContext, reply: FastifyReply, value: string | undefined): void {
  const secure = ctx.config.publicUrl?.startsWith('https://') ? '; Secure' : '';
  const maxAge = value === undefined ? 0 : lifetimeSeconds;
  reply.header(
    'set-cookie',
    `${stateCookieName}=${value ?? ''}; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}
