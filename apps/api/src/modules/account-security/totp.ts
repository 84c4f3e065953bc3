import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const period = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: 'Shopdesk',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The 30-second step a 6-digit code belongs to (now, or one step either side for clock
 * drift), or undefined when it matches none.
 */
export function matchingStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / period) + delta;
}

/** Ten recovery codes like `4f7a-92c1-0b3e`, shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    randomBytes(6)
      .toString('hex')
      .replace(/(.{4})(?=.)/g, '$1-'),
  );
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase().replace(/\s+/g, '')).digest('hex');
}
