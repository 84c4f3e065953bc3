import * as jose from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens';

// Every signature check goes through jose's jwtVerify: counting its calls shows (without
// timing) which verify() calls were answered from memory.
vi.mock('jose', async (importOriginal) => {
  const real = await importOriginal<typeof import('jose')>();
  return { ...real, jwtVerify: vi.fn(real.jwtVerify) };
});

const secret = 'a-test-secret-of-forty-eight-characters-at-least!';
const hour = 3_600_000;
/** The callers' clock (whole seconds, as in a token); the cache's clock is faked apart. */
const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (ms: number) => new Date(signedAt.getTime() + ms);

describe('TokenSigner: remembered verifications', () => {
  const checks = vi.mocked(jose.jwtVerify);

  beforeEach(() => {
    // performance.now() is the cache's clock: the test moves it, nothing else is faked. The
    // fake clock starts at 0, which a running process's clock never reads: move it off.
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(1000);
    checks.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A token for session `sid` that expires `lifeMs` after signedAt. */
  const tokenFor = (signer: TokenSigner, sid: string, lifeMs = hour) =>
    signer.sign({ userId: 'user-1', sessionId: sid }, at(lifeMs), signedAt);

  it('checks a token’s signature once, then answers from memory', async () => {
    const signer = new TokenSigner(secret);
    const token = await tokenFor(signer, 's1');
    for (let i = 0; i < 3; i += 1) {
      expect(await signer.verify(token, at(i * 1000))).toEqual({ userId: 'user-1', sessionId: 's1' });
    }
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once the caller’s clock passes its expiry', async () => {
    const signer = new TokenSigner(secret);
    const token = await tokenFor(signer, 's1', 10_000);
    expect(await signer.verify(token, at(9_999))).toBeDefined();
    expect(await signer.verify(token, at(10_000))).toBeUndefined();
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('forgets a token once its lifetime has passed, and checks it again if it comes back', async () => {
    const signer = new TokenSigner(secret);
    const token = await tokenFor(signer, 's1', 10_000);
    await signer.verify(token, signedAt);
    vi.advanceTimersByTime(9_999);
    await signer.verify(token, signedAt);
    expect(checks).toHaveBeenCalledTimes(1);

    // The cache's own clock went past the token's lifetime (here the callers' did not, so
    // the check that follows still accepts it).
    vi.advanceTimersByTime(2);
    expect(await signer.verify(token, signedAt)).toEqual({ userId: 'user-1', sessionId: 's1' });
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('remembers at most rememberedTokens, the least recently used forgotten first', async () => {
    const signer = new TokenSigner(secret, 2);
    const [t1, t2, t3] = await Promise.all(['s1', 's2', 's3'].map((sid) => tokenFor(signer, sid)));
    if (!t1 || !t2 || !t3) throw new Error('tokens not signed');
    await signer.verify(t1, signedAt);
    await signer.verify(t2, signedAt);
    await signer.verify(t1, signedAt); // from memory; t2 is now the least recently used
    expect(checks).toHaveBeenCalledTimes(2);
    await signer.verify(t3, signedAt); // checked, and pushes t2 out
    await signer.verify(t1, signedAt);
    await signer.verify(t3, signedAt);
    expect(checks).toHaveBeenCalledTimes(3);
    expect(await signer.verify(t2, signedAt)).toEqual({ userId: 'user-1', sessionId: 's2' });
    expect(checks).toHaveBeenCalledTimes(4);
  });

  it('never remembers a token that did not verify', async () => {
    const signer = new TokenSigner(secret);
    const forged = await tokenFor(new TokenSigner('another-secret-of-forty-eight-characters-at-least'), 's1');
    expect(await signer.verify(forged, signedAt)).toBeUndefined();
    expect(await signer.verify(forged, signedAt)).toBeUndefined();
    expect(checks).toHaveBeenCalledTimes(2);
  });
});
