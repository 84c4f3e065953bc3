import type { Db } from '../../db/create-db';
import { isFresh, type Stamp, stampOf, type WriteEpoch } from '../../lib/write-epoch';
import { findSessionWithUser } from './sessions.repository';

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

/** How many sessions are remembered (oldest forgotten first). */
const maxSessions = 10_000;

/**
 * The session and user behind a token, as `findSessionWithUser` reads them, remembered for
 * at most `recheckMs` and never past a write request of this process (write-epoch.ts): a
 * sign-out, a revoked session, a changed password or role takes effect on the next request
 * here, and within a second on another server sharing the database. The expiry and idle
 * rules still run on every request (sessions.service.ts), on the remembered times.
 */
export class SessionCache {
  private readonly rows = new Map<string, { stamp: Stamp; row: Promise<SessionRow | undefined> }>();

  constructor(
    private readonly db: Db,
    private readonly epoch: WriteEpoch,
  ) {}

  find(sessionId: string): Promise<SessionRow | undefined> {
    const known = this.rows.get(sessionId);
    if (known && isFresh(known.stamp, this.epoch)) return known.row;
    const entry = { stamp: stampOf(this.epoch), row: findSessionWithUser(this.db, sessionId) };
    this.rows.delete(sessionId);
    if (this.rows.size >= maxSessions) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(sessionId, entry);
    entry.row.catch(() => {
      if (this.rows.get(sessionId) === entry) this.rows.delete(sessionId);
    });
    return entry.row;
  }

  /** This process is writing the session's last-seen time: later requests use it instead of writing it again. */
  seen(sessionId: string, lastSeenAt: string): void {
    const known = this.rows.get(sessionId);
    if (known) known.row = known.row.then((row) => row && { ...row, lastSeenAt });
  }

  /** After this process ended the session, or failed to write it: read it again next time. */
  forget(sessionId: string): void {
    this.rows.delete(sessionId);
  }
}
