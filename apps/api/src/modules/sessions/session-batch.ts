import { perTurnLoader } from '../../lib/per-turn-loader';
import type { SessionReader } from './session-cache';
import type { SessionWithUser } from './sessions.repository';

/** At most this many sessions in one statement; more in one turn make more statements. */
const maxBatch = 256;

/**
 * PostgreSQL, where no session is remembered between requests (several servers share the
 * database, and a session ended on one must be refused by every other on its next request):
 * the sessions that the requests of one turn of the event loop ask for are read together, in
 * one statement (perTurnLoader: no cache, so every request reads its session after it arrived).
 * On this machine the statement's socket write, not the reads, was most of a list page's cost.
 */
export function batchedSessionReader(
  readMany: (sessionIds: readonly string[]) => Promise<SessionWithUser[]>,
): SessionReader {
  return perTurnLoader<string, SessionWithUser | undefined>(async (sessionIds) => {
    const rows = new Map((await readMany(sessionIds)).map((row) => [row.sessionId, row]));
    return sessionIds.map((sessionId) => rows.get(sessionId));
  }, maxBatch);
}
