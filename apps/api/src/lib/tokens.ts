import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { makePrivateDir, tightenFile } from './private-files';
import { cacheClock } from './write-epoch';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/**
 * How many verified tokens are remembered, the least recently used forgotten first: one per
 * signed-in session in use, far more than a back office has staff, at a few hundred bytes
 * each. Only tokens that verified get in: a forged string never takes a place.
 */
const defaultRememberedTokens = 10_000;

interface Verified {
  claims: TokenClaims;
  /** The token's expiry (seconds since 1970). */
  exp: number;
}

/**
 * Bearer tokens are HS256 JWTs naming a user and a session row. The signature keeps them
 * unforgeable; the session row (checked on every request) makes them revocable.
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, with their claims and expiry: every request
   * carries the same token, and an HMAC check through WebCrypto costs more than the rest of
   * a small request. Only exact strings that verified get in. An lru-cache bounded by `max`,
   * each token kept until its own expiry at most (a per-entry ttl): an expired token can never
   * verify again, so it does not outlive its use. Expiry is still checked on each call, on the
   * caller's clock (the TTL runs on the process's clock).
   */
  private readonly verified: LRUCache<string, Verified>;

  constructor(secret: string, rememberedTokens = defaultRememberedTokens) {
    this.key = new TextEncoder().encode(secret);
    this.verified = new LRUCache<string, Verified>({
      max: rememberedTokens,
      // The clock is read at each check (not remembered for a millisecond behind a timer).
      ttlResolution: 0,
      perf: cacheClock,
    });
  }

  sign(claims: TokenClaims, expiresAt: Date, now: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('shopdesk')
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for anything else (forged, expired, alg none). */
  async verify(token: string, now: Date): Promise<TokenClaims | undefined> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const known = this.verified.get(token);
    // Same rule as jose: expired once exp <= now (in whole seconds).
    if (known) return known.exp > nowSeconds ? known.claims : undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'shopdesk',
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return undefined;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      // jose refused it unless exp > now, so this is at least 1 ms.
      const ttl = Math.max(1, payload.exp * 1000 - now.getTime());
      this.verified.set(token, { claims, exp: payload.exp }, { ttl });
      return claims;
    } catch {
      return undefined;
    }
  }
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    tightenFile(file);
    return secret;
  } catch {
    makePrivateDir(dataDir);
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}
