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

/**
 * Where the failure counts live: the database (db/shared-limits.ts), so every server of one
 * shop counts the same failures. Each call is one statement, atomic on its row.
 */
export interface ThrottleStore {
  /** The latest time (ms) any of the keys is blocked until; 0 when none is. */
  blockedUntil(keys: string[]): Promise<number>;
  /**
   * Counts one failure of `key`. Past `free` failures, each one doubles the wait (the first
   * waits 1 s), up to `maxWaitMs`, and blocks the key until now + that wait.
   */
  fail(key: string, free: number, maxWaitMs: number, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Sign-in throttle: each failure past the free ones doubles the wait (1 s, 2 s, 4 s …
 * up to maxWaitSeconds), per IP and per IP + account. Checked before any password hash
 * is computed; a success clears the account key. Shared by every server through its store.
 */
export class Throttle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly clock: () => number,
    private readonly store: ThrottleStore,
  ) {}

  /** `scope` keeps counts apart: reset-link requests never lock anyone out of sign-in. */
  private keys(ip: string, account: string, scope: string): Array<[string, number]> {
    return [
      [`${scope}:ip:${ip}`, this.limits.ipFree],
      [`${scope}:acct:${ip}:${account.toLowerCase()}`, this.limits.accountFree],
    ];
  }

  /** Rejects with 429 and Retry-After while either key is waiting. */
  async check(ip: string, account: string, scope = 'signin'): Promise<void> {
    const until = await this.store.blockedUntil(this.keys(ip, account, scope).map(([key]) => key));
    const now = this.clock();
    if (until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      throw new HttpError(429, messages.tooManyAttempts(seconds), {}, { 'Retry-After': String(seconds) });
    }
  }

  async fail(ip: string, account: string, scope = 'signin'): Promise<void> {
    const now = this.clock();
    for (const [key, free] of this.keys(ip, account, scope)) {
      await this.store.fail(key, free, this.limits.maxWaitSeconds * 1000, now);
    }
  }

  async succeed(ip: string, account: string, scope = 'signin'): Promise<void> {
    await this.store.clear(`${scope}:acct:${ip}:${account.toLowerCase()}`);
  }
}
