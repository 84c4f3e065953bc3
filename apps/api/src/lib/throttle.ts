import { messages } from '@shopdesk/contract';
import { HttpError } from './http-error';

export interface ThrottleLimits {
  /** Failures allowed per IP + account before waits begin. */
  accountFree: number;
  /** Failures allowed per IP (any account) before waits begin. */
  ipFree: number;
  /** Longest wait, in seconds. */
  maxWaitSeconds: number;
}

export const defaultThrottleLimits: ThrottleLimits = { accountFree: 5, ipFree: 20, maxWaitSeconds: 900 };

interface Entry {
  failures: number;
  blockedUntil: number;
}

/**
 * Sign-in throttle: each failure past the free ones doubles the wait (1 s, 2 s, 4 s …
 * up to maxWaitSeconds), per IP and per IP + account. Checked before any password hash
 * is computed; a success clears the account key.
 */
export class Throttle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly clock: () => number,
  ) {}

  /** `scope` keeps counts apart: reset-link requests never lock anyone out of sign-in. */
  private keys(ip: string, account: string, scope: string): Array<[string, number]> {
    return [
      [`${scope}:ip:${ip}`, this.limits.ipFree],
      [`${scope}:acct:${ip}:${account.toLowerCase()}`, this.limits.accountFree],
    ];
  }

  /** Throws 429 with Retry-After while either key is waiting. */
  check(ip: string, account: string, scope = 'signin'): void {
    const now = this.clock();
    const until = Math.max(
      0,
      ...this.keys(ip, account, scope).map(([key]) => this.entries.get(key)?.blockedUntil ?? 0),
    );
    if (until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      throw new HttpError(429, messages.tooManyAttempts(seconds), {}, { 'Retry-After': String(seconds) });
    }
  }

  fail(ip: string, account: string, scope = 'signin'): void {
    const now = this.clock();
    for (const [key, free] of this.keys(ip, account, scope)) {
      const entry = this.entries.get(key) ?? { failures: 0, blockedUntil: 0 };
      entry.failures += 1;
      if (entry.failures > free) {
        const wait = Math.min(2 ** (entry.failures - free - 1), this.limits.maxWaitSeconds);
        entry.blockedUntil = now + wait * 1000;
      }
      this.entries.set(key, entry);
    }
    if (this.entries.size > 100_000) this.prune(now);
  }

  succeed(ip: string, account: string, scope = 'signin'): void {
    this.entries.delete(`${scope}:acct:${ip}:${account.toLowerCase()}`);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.blockedUntil + this.limits.maxWaitSeconds * 1000 < now) this.entries.delete(key);
    }
  }
}
