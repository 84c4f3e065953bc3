import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryCounter } from '../../../test/query-counter';
import { createTestApp, engineName, type TestApp } from '../../../test/test-app';
import { counterNames } from '../../db/counters';
import type { Db } from '../../db/create-db';
import { recheckMs, WriteEpoch } from '../../lib/write-epoch';
import { answerTtlMs, CatalogueCache } from './catalogue-cache';

/** A promise settled from outside, for a make() that finishes when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A make() that counts its calls and answers `text`. */
const maker = (text: string) => vi.fn(async () => text);

describe(`CatalogueCache: the catalogue's count and version (${engineName})`, () => {
  let t: TestApp;
  let db: Db;
  let counter: QueryCounter;
  let epoch: WriteEpoch;
  let cache: CatalogueCache;

  /** Writes the counters behind the cache's back, as another process would. */
  async function setCounters(products: number, version: number) {
    for (const [name, value] of [
      [counterNames.products, products],
      [counterNames.productsVersion, version],
    ] as const) {
      await db
        .insertInto('counters')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.ctx.db;
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // performance.now() is the cache's clock: the test moves it, nothing else is faked.
    vi.useFakeTimers({ toFake: ['performance'] });
    await setCounters(5, 7);
    counter = new QueryCounter();
    epoch = new WriteEpoch();
    cache = new CatalogueCache(db.withPlugin(counter), epoch);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads 0 and 0 for a shop whose counters were never written', async () => {
    await db
      .deleteFrom('counters')
      .where('name', 'in', [counterNames.products, counterNames.productsVersion])
      .execute();
    expect(await cache.current()).toEqual({ count: 0, version: 0 });
  });

  it('reads again at once when a request observed a newer version (another server wrote), not for an older one', async () => {
    cache.observe(7);
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(counter.queries).toBe(1);

    await setCounters(6, 8); // another server adds a product; a request here reads version 8 with its session
    cache.observe(7);
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(counter.queries).toBe(1);
    cache.observe(8);
    expect(await cache.current()).toEqual({ count: 6, version: 8 });
    expect(counter.queries).toBe(2);
    // An older observation (a request that began earlier) changes nothing.
    cache.observe(7);
    expect(await cache.current()).toEqual({ count: 6, version: 8 });
    expect(counter.queries).toBe(2);
  });

  it('reads the counters once, then answers from memory until recheckMs has passed', async () => {
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(counter.queries).toBe(1);

    await setCounters(6, 8); // another process adds a product
    vi.advanceTimersByTime(recheckMs - 1);
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(counter.queries).toBe(1);

    vi.advanceTimersByTime(1);
    expect(await cache.current()).toEqual({ count: 6, version: 8 });
    expect(counter.queries).toBe(2);
    expect(await cache.current()).toEqual({ count: 6, version: 8 });
    expect(counter.queries).toBe(2);
  });

  it('reads the counters again at once after a write in this process (epoch bump)', async () => {
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    await setCounters(4, 9);
    epoch.bump();
    expect(await cache.current()).toEqual({ count: 4, version: 9 });
    expect(counter.queries).toBe(2);
    expect(await cache.current()).toEqual({ count: 4, version: 9 });
    expect(counter.queries).toBe(2);
  });

  it('does not share a read still running when the epoch moved', async () => {
    const started = cache.current();
    epoch.bump(); // a write finished while the first read was on its way
    const after = cache.current();
    expect(after).not.toBe(started);
    expect(counter.queries).toBe(2);
    await Promise.all([started, after]);
  });

  it('does not keep a read that started before the bump, even when it finishes after it', async () => {
    const started = cache.current();
    epoch.bump();
    await started;
    await cache.current();
    expect(counter.queries).toBe(2);
  });

  it('shares one read between callers that ask at the same time', async () => {
    const answers = await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(answers).toEqual([
      { count: 5, version: 7 },
      { count: 5, version: 7 },
      { count: 5, version: 7 },
    ]);
    expect(counter.queries).toBe(1);
  });

  it('does not remember a failed read: the next call reads again', async () => {
    counter.failNext = true;
    await expect(cache.current()).rejects.toThrow('the database is away');
    expect(await cache.current()).toEqual({ count: 5, version: 7 });
    expect(counter.queries).toBe(2);
  });
});

describe('CatalogueCache: kept answers', () => {
  // answer() never touches the database: the cache is built on a Db it does not use.
  const unusedDb = {} as Db;
  const newCache = (maxChars?: number) => new CatalogueCache(unusedDb, new WriteEpoch(), maxChars);

  it('makes an answer once per key and version, then returns the kept text', async () => {
    const cache = newCache();
    const first = maker('{"page":1}');
    const second = maker('{"page":2}');
    expect(await cache.answer('page 1', 3, first)).toBe('{"page":1}');
    expect(await cache.answer('page 1', 3, first)).toBe('{"page":1}');
    expect(await cache.answer('page 2', 3, second)).toBe('{"page":2}');
    expect(await cache.answer('page 2', 3, second)).toBe('{"page":2}');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('makes an answer asked not to be kept every time, and still serves the kept ones', async () => {
    const cache = newCache(640);
    const kept = maker('{"page":1}');
    const deep = maker('x'.repeat(30));
    await cache.answer('page 1', 3, kept);
    expect(await cache.answer('page 400', 3, deep, false)).toBe('x'.repeat(30));
    expect(await cache.answer('page 400', 3, deep, false)).toBe('x'.repeat(30));
    expect(deep).toHaveBeenCalledTimes(2);
    await cache.answer('page 1', 3, kept);
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('drops every kept answer when the version moves', async () => {
    const cache = newCache();
    const old1 = maker('old 1');
    const old2 = maker('old 2');
    await cache.answer('page 1', 3, old1);
    await cache.answer('page 2', 3, old2);

    const new1 = maker('new 1');
    expect(await cache.answer('page 1', 4, new1)).toBe('new 1');
    expect(await cache.answer('page 1', 4, new1)).toBe('new 1');
    expect(new1).toHaveBeenCalledTimes(1);
    // page 2 was kept for version 3 only.
    const new2 = maker('new 2');
    expect(await cache.answer('page 2', 4, new2)).toBe('new 2');
    expect(new2).toHaveBeenCalledTimes(1);
    expect(old1).toHaveBeenCalledTimes(1);
    expect(old2).toHaveBeenCalledTimes(1);
  });

  it('does not keep an answer made for a version that was replaced while it was being made', async () => {
    const cache = newCache();
    const slow = deferred<string>();
    const oldAnswer = cache.answer('page 1', 3, () => slow.promise);
    await cache.answer('page 2', 4, maker('new 2')); // version 4 arrives meanwhile
    slow.resolve('old 1');
    expect(await oldAnswer).toBe('old 1');

    const fresh = maker('new 1');
    expect(await cache.answer('page 1', 4, fresh)).toBe('new 1');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  /** `count` make() functions answering 100 characters each (16 of them fill 1,600). */
  function hundredCharMakers(count: number) {
    const makes = Array.from({ length: count }, (_, i) => maker(String(i).padStart(100, '.')));
    return (i: number) => {
      const make = makes[i];
      if (!make) throw new Error(`no maker ${i}`);
      return make;
    };
  }

  it('forgets the least recently used answers once over maxChars', async () => {
    const cache = newCache(1600);
    const make = hundredCharMakers(18);
    const ask = (i: number) => cache.answer(`k${i}`, 1, make(i));
    for (let i = 0; i < 16; i += 1) await ask(i);
    // All 16 (exactly 1,600 characters) are kept.
    for (let i = 0; i < 16; i += 1) expect(await ask(i)).toBe(String(i).padStart(100, '.'));
    for (let i = 0; i < 16; i += 1) expect(make(i)).toHaveBeenCalledTimes(1);

    // k0 used again: k1 is now the least recently used and goes first.
    await ask(0);
    await ask(16);
    await ask(1); // made again, pushes out k2
    expect(make(1)).toHaveBeenCalledTimes(2);
    await ask(0);
    await ask(16);
    expect(make(0)).toHaveBeenCalledTimes(1);
    expect(make(16)).toHaveBeenCalledTimes(1);
    await ask(2);
    expect(make(2)).toHaveBeenCalledTimes(2);
  });

  it('never keeps an answer longer than maxChars/16, and keeps one exactly that long', async () => {
    const cache = newCache(1600);
    const big = maker('x'.repeat(101));
    expect(await cache.answer('big', 1, big)).toBe('x'.repeat(101));
    expect(await cache.answer('big', 1, big)).toBe('x'.repeat(101));
    expect(big).toHaveBeenCalledTimes(2);

    const fits = maker('y'.repeat(100));
    await cache.answer('fits', 1, fits);
    await cache.answer('fits', 1, fits);
    expect(fits).toHaveBeenCalledTimes(1);
  });

  it('a too-big answer does not push kept ones out', async () => {
    const cache = newCache(1600);
    const make = hundredCharMakers(16);
    for (let i = 0; i < 16; i += 1) await cache.answer(`k${i}`, 1, make(i));
    await cache.answer('big', 1, maker('x'.repeat(500)));
    for (let i = 0; i < 16; i += 1) await cache.answer(`k${i}`, 1, make(i));
    for (let i = 0; i < 16; i += 1) expect(make(i)).toHaveBeenCalledTimes(1);
  });

  it('makes a kept answer again once it is older than answerTtlMs, even at the same version', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      // The fake clock starts at 0, which a running process's clock never reads: move it off.
      vi.advanceTimersByTime(1000);
      const cache = newCache();
      const make = vi.fn(async () => `made ${make.mock.calls.length}`);
      expect(await cache.answer('page 1', 3, make)).toBe('made 1');
      vi.advanceTimersByTime(answerTtlMs - 1);
      expect(await cache.answer('page 1', 3, make)).toBe('made 1');
      expect(make).toHaveBeenCalledTimes(1);

      vi.advanceTimersByTime(2);
      expect(await cache.answer('page 1', 3, make)).toBe('made 2');
      expect(await cache.answer('page 1', 3, make)).toBe('made 2');
      expect(make).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the callers of a make() whose key was pushed out while it ran', async () => {
    const cache = newCache(1600);
    const slow = deferred<string>();
    const slowMake = vi.fn(() => slow.promise);
    const waiting = [cache.answer('slow', 1, slowMake), cache.answer('slow', 1, slowMake)];
    // 17 answers of 100 characters go through a 1,600-character cache meanwhile.
    const make = hundredCharMakers(17);
    for (let i = 0; i < 17; i += 1) await cache.answer(`k${i}`, 1, make(i));
    slow.resolve('slow answer');
    expect(await Promise.all(waiting)).toEqual(['slow answer', 'slow answer']);
    expect(slowMake).toHaveBeenCalledTimes(1);
  });

  it('lets concurrent callers of one missing key share a single make()', async () => {
    const cache = newCache();
    const gate = deferred<string>();
    const make = vi.fn(() => gate.promise);
    const waiting = [cache.answer('page 1', 1, make), cache.answer('page 1', 1, make), cache.answer('page 1', 1, make)];
    expect(make).toHaveBeenCalledTimes(1);
    gate.resolve('shared');
    expect(await Promise.all(waiting)).toEqual(['shared', 'shared', 'shared']);
    expect(await cache.answer('page 1', 1, make)).toBe('shared');
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed make(): its waiters all fail, the next call makes again', async () => {
    const cache = newCache();
    const gate = deferred<string>();
    const failing = vi.fn(() => gate.promise);
    const waiting = [cache.answer('page 1', 1, failing), cache.answer('page 1', 1, failing)];
    expect(failing).toHaveBeenCalledTimes(1);
    gate.reject(new Error('query timed out'));
    for (const answer of waiting) await expect(answer).rejects.toThrow('query timed out');

    const retry = maker('made again');
    expect(await cache.answer('page 1', 1, retry)).toBe('made again');
    expect(await cache.answer('page 1', 1, retry)).toBe('made again');
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
