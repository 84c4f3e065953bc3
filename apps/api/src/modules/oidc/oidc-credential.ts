import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';
import { deriveKey } from './oidc-keys';

/** The identity the provider confirmed, handed from the callback page to authWithGoogle. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string;
  picture: string;
}

const audience = 'shopdesk-google-credential';
const lifetimeSeconds = 120;

export async function signCredential(ctx: AppContext, identity: VerifiedIdentity): Promise<string> {
  const now = Math.floor(ctx.clock() / 1000);
  return new SignJWT({
    email: identity.email,
    name: identity.name,
    picture: identity.picture,
    idp: ctx.config.oidc.issuer,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('shopdesk')
    .setAudience(audience)
    .setSubject(identity.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(deriveKey(ctx, 'google-credential'));
}

/** The identity in a valid, unexpired credential; undefined for anything else. */
export async function verifyCredential(ctx: AppContext, credential: string): Promise<VerifiedIdentity | undefined> {
  try {
    const { payload } = await jwtVerify(credential, deriveKey(ctx, 'google-credential'), {
      algorithms: ['HS256'],
      issuer: 'shopdesk',
      audience,
      currentDate: new Date(ctx.clock()),
    });
    const { sub, email, name, picture } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || !email) return undefined;
    return {
      subject: sub,
      email,
      name: typeof name === 'string' ? name : '',
      picture: typeof picture === 'string' ? picture : '',
    };
  } catch {
    return undefined;
  }
}
