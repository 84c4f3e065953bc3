import { LRUCache } from 'lru-cache';
import { cacheClock, isFresh, recheckMs, type Stamp, stampOf, type WriteEpoch } from '../../lib/write-epoch';
import type { SessionWithUser } from './sessions.repository';

type SessionRow = SessionWithUser;
/** Reads the session and user behind a session id (sessions.repository.ts `sessionWithUserQuery`). */
export type SessionReader = (sessionId: string) => Promise<SessionRow | undefined>;

/**
 * How many sessions are remembered, the least recently used forgotten first. A row is only
 * of use for `recheckMs` (a second), so this is the number of sessions active within one
 * second: far more than a back office has staff signed in, and a few MB at most (a row is a
 * few hundred bytes). A flood of distinct sessions pushes out others, never grows memory.
 */
const defaultMaxSessions = 10_000;

interface Remembered {
  stamp: Stamp;
  row: Promise<SessionRow | undefined>;
}

/**
 * The session and user behind a token, as `findSessionWithUser` reads them, remembered for
 * at most `recheckMs` and never past a write request of this process (write-epoch.ts): a
 * sign-out, a revoked session, a changed password or role takes effect on the next request
 * here, and within a second on another server sharing the database. The expiry and idle
 * rules still run on every request (sessions.service.ts), on the remembered times.
 *
 * The rows are an lru-cache bounded by `max`, with a time-to-live of `recheckMs` started at
 * the read's stamp: the cache itself drops a row once it is too old to be used, so the time
 * half of isFresh() and the cache agree; the epoch half (a write here) is checked below.
 * Concurrent requests of one session share the read still running (the promise is kept).
 */
/**
 * With `remember` false (PostgreSQL: several servers may share the database) nothing is kept
 * from one request to the next: every request reads its session (one statement of primary-key
 * reads), so a session ended on any server is refused by every other on its very next request.
 */
export class SessionCache {
  private readonly rows: LRUCache<string, Remembered>;

  constructor(
    private readonly read: SessionReader,
    private readonly epoch: WriteEpoch,
    maxSessions = defaultMaxSessions,
    private readonly remember = true,
  ) {
    this.rows = new LRUCache<string, Remembered>({
      max: maxSessions,
      ttl: recheckMs,
      // The clock is read at each check (not remembered for a millisecond behind a timer).
      ttlResolution: 0,
      perf: cacheClock,
    });
  }

  find(sessionId: string): Promise<SessionRow | undefined> {
    if (!this.remember) return this.read(sessionId);
    const known = this.rows.get(sessionId);
    if (known && isFresh(known.stamp, this.epoch)) return known.row;
    const entry: Remembered = { stamp: stampOf(this.epoch), row: this.read(sessionId) };
    this.rows.set(sessionId, entry, { start: entry.stamp.at });
    // A failed read is not remembered.
    entry.row.catch(() => {
      if (this.rows.peek(sessionId) === entry) this.rows.delete(sessionId);
    });
    return entry.row;
  }

  /** This process is writing the session's last-seen time: later requests use it instead of writing it again. */
  seen(sessionId: string, lastSeenAt: string): void {
    // The same entry, so its stamp and time-to-live do not move.
    const known = this.rows.peek(sessionId);
    if (known) known.row = known.row.then((row) => row && { ...row, lastSeenAt });
  }

  /** After this process ended the session, or failed to write it: read it again next time. */
  forget(sessionId: string): void {
    this.rows.delete(sessionId);
  }
}
