import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryCounter } from '../../../test/query-counter';
import { createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/create-db';
import { recheckMs, WriteEpoch } from '../../lib/write-epoch';
import { SessionCache } from './session-cache';
import { findSessionWithUser } from './sessions.repository';

describe(`SessionCache (${engineName})`, () => {
  let t: TestApp;
  let db: Db;
  let counter: QueryCounter;
  let epoch: WriteEpoch;
  /** Four open sessions of the owner. */
  const ids: string[] = [];
  const id = (i: number) => {
    const found = ids[i];
    if (!found) throw new Error(`no session ${i}`);
    return found;
  };
  const newCache = (maxSessions?: number, remember?: boolean) =>
    new SessionCache(
      (sessionId) => findSessionWithUser(db.withPlugin(counter), sessionId),
      epoch,
      maxSessions,
      remember,
    );

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.ctx.db;
    for (let i = 0; i < 4; i += 1) {
      const claims = await t.app.ctx.tokens.verify(await signIn(t), new Date(Date.now()));
      if (!claims) throw new Error('the token of a sign-in did not verify');
      ids.push(claims.sessionId);
    }
  });
  afterAll(() => t.close());

  beforeEach(() => {
    // performance.now() is the cache's clock: the test moves it, nothing else is faked. The
    // fake clock starts at 0, which a running process's clock never reads: move it off.
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(1000);
    counter = new QueryCounter();
    epoch = new WriteEpoch();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a session once, then answers from memory until recheckMs has passed', async () => {
    const cache = newCache();
    expect((await cache.find(id(0)))?.endedAt).toBeNull();
    expect(counter.queries).toBe(1);

    // Ended by another server: this one may answer from memory for up to recheckMs.
    await db.updateTable('sessions').set({ ended_at: new Date().toISOString() }).where('id', '=', id(0)).execute();
    vi.advanceTimersByTime(recheckMs - 1);
    expect((await cache.find(id(0)))?.endedAt).toBeNull();
    expect(counter.queries).toBe(1);

    vi.advanceTimersByTime(1);
    expect((await cache.find(id(0)))?.endedAt).not.toBeNull();
    expect(counter.queries).toBe(2);
    await cache.find(id(0));
    expect(counter.queries).toBe(2);
  });

  it('reads again at once after a write in this process (epoch bump)', async () => {
    const cache = newCache();
    await cache.find(id(1));
    epoch.bump();
    await cache.find(id(1));
    await cache.find(id(1));
    expect(counter.queries).toBe(2);
  });

  it('shares one read between finds of the same session at the same time', async () => {
    const cache = newCache();
    const rows = await Promise.all([cache.find(id(1)), cache.find(id(1)), cache.find(id(1))]);
    expect(rows.map((row) => row?.sessionId)).toEqual([id(1), id(1), id(1)]);
    expect(counter.queries).toBe(1);
  });

  it('does not remember a failed read: the next find reads again', async () => {
    const cache = newCache();
    counter.failNext = true;
    await expect(cache.find(id(1))).rejects.toThrow('the database is away');
    expect((await cache.find(id(1)))?.sessionId).toBe(id(1));
    expect(counter.queries).toBe(2);
  });

  it('remembers at most maxSessions, the least recently used forgotten first', async () => {
    const cache = newCache(2);
    await cache.find(id(1));
    await cache.find(id(2));
    await cache.find(id(1)); // from memory; session 2 is now the least recently used
    expect(counter.queries).toBe(2);
    await cache.find(id(3)); // read, and pushes session 2 out
    await cache.find(id(1));
    await cache.find(id(3));
    expect(counter.queries).toBe(3);
    expect((await cache.find(id(2)))?.sessionId).toBe(id(2));
    expect(counter.queries).toBe(4);
  });

  it('reads a forgotten session again', async () => {
    const cache = newCache();
    await cache.find(id(1));
    cache.forget(id(1));
    await cache.find(id(1));
    expect(counter.queries).toBe(2);
  });

  it('answers the last-seen time this process wrote without reading, until recheckMs has passed', async () => {
    const cache = newCache();
    const read = await cache.find(id(1));
    const later = new Date(Date.parse(read?.lastSeenAt ?? '') + 60_000).toISOString();
    cache.seen(id(1), later);
    expect((await cache.find(id(1)))?.lastSeenAt).toBe(later);
    expect(counter.queries).toBe(1);

    // seen() does not make the remembered row younger: it is read again on time.
    vi.advanceTimersByTime(recheckMs);
    expect((await cache.find(id(1)))?.lastSeenAt).toBe(read?.lastSeenAt);
    expect(counter.queries).toBe(2);
  });

  it('remembers nothing when told not to (PostgreSQL): every find reads, so a session ended elsewhere is seen at once', async () => {
    const cache = newCache(undefined, false);
    expect((await cache.find(id(3)))?.endedAt).toBeNull();
    await db.updateTable('sessions').set({ ended_at: new Date().toISOString() }).where('id', '=', id(3)).execute();
    expect((await cache.find(id(3)))?.endedAt).not.toBeNull();
    await Promise.all([cache.find(id(3)), cache.find(id(3))]);
    expect(counter.queries).toBe(4);
  });
});
