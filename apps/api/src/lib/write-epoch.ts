/**
 * Some hot reads are kept in memory for a moment (the signed-in session behind a token, the
 * catalogue's count and version). They must never hide a change from the caller who made it:
 *
 * - every request that may change something (any method but GET, HEAD and OPTIONS) moves this
 *   process's write epoch once its handler is done, before its answer goes out, so a reader
 *   that saw the old state cannot keep it (a remembered read records the epoch it started in);
 * - a change made by another process (the seed or migrate command) is seen within `recheckMs`,
 *   when the remembered read is read again;
 * - on PostgreSQL, where several servers share the database, sessions are not remembered at
 *   all and each request brings the catalogue's version with its session read (SessionCache,
 *   CatalogueCache.observe): another server's change is seen on the next request.
 */
export const recheckMs = 1000;

/**
 * The clock of every remembered read: the stamps below, and the time-to-live of the caches
 * built on lru-cache (its `perf` option), so both measure one time. `performance.now()` is
 * looked up at each call, not once at import, so a test's fake timers move it.
 */
export const cacheClock = { now: (): number => performance.now() };

export class WriteEpoch {
  private current = 0;

  get value(): number {
    return this.current;
  }

  /** Something may have changed: every remembered read taken before now is read again. */
  bump(): void {
    this.current += 1;
  }
}

/** A remembered read: still good while nothing was written here and it is younger than `recheckMs`. */
export interface Stamp {
  epoch: number;
  /** cacheClock.now() when the read started. */
  at: number;
}

export const stampOf = (epoch: WriteEpoch): Stamp => ({ epoch: epoch.value, at: cacheClock.now() });

export const isFresh = (stamp: Stamp, epoch: WriteEpoch): boolean =>
  stamp.epoch === epoch.value && cacheClock.now() - stamp.at < recheckMs;
