import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { loadJwtSecret } from '../../lib/tokens';

/**
 * One key per purpose, derived from the JWT secret (HMAC with a label), so a state
 * cookie, a Google credential and a session token can never stand in for each other.
 */
export function deriveKey(ctx: AppContext, purpose: 'oidc-state' | 'google-credential'): Uint8Array {
  const secret = loadJwtSecret(ctx.config.jwtSecret, ctx.config.dataDir);
  return new Uint8Array(createHmac('sha256', secret).update(`shopdesk:${purpose}`).digest());
}
