import { CompiledQuery, sql } from 'kysely';
import { counterNames } from '../../db/counters';
import type { Db } from '../../db/create-db';

export interface NewSession {
  id: string;
  userId: string;
  now: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ended_at: null,
      user_agent: session.userAgent.slice(0, 500),
      ip: session.ip.slice(0, 100),
    })
    .execute();
}

/**
 * Sessions and their users, joined, for the per-request token check: primary-key reads only.
 * It also brings the catalogue's version (one more primary-key read in the same statement): on
 * PostgreSQL this is the one read every request makes, and the catalogue cache learns from it
 * whether another server changed the catalogue (catalogue-cache.ts `observe`).
 */
function sessionsWithUsers(db: Db) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
        'sessions.ended_at as endedAt',
        'users.name as name',
        'users.email as email',
        'users.is_admin as isAdmin',
        'users.active as active',
        'roles.name as roleName',
      ])
      .select((eb) => eb('users.totp_secret', 'is not', null).as('hasTwoFactor'))
      // The role's permissions, read with the session on every request (no second round trip), so
      // a role change or a changed role reaches the member's very next request (api.md §10).
      // string_agg: PostgreSQL's, and SQLite's since 3.44 (better-sqlite3 bundles a newer one).
      .select((eb) =>
        eb
          .selectFrom('role_permissions')
          .select(
            sql<string | null>`string_agg(role_permissions.permission, ' ' order by role_permissions.permission)`.as(
              'p',
            ),
          )
          .whereRef('role_permissions.role_id', '=', 'users.role_id')
          .as('permissions'),
      )
      .select((eb) =>
        eb
          .selectFrom('counters')
          .select('counters.value')
          .where('counters.name', '=', counterNames.productsVersion)
          .as('catalogueVersion'),
      )
  );
}

/** The session behind one id and its user (sessionsWithUsers). */
export function sessionWithUserQuery(db: Db, sessionId: string) {
  return sessionsWithUsers(db).where('sessions.id', '=', sessionId);
}

export type SessionWithUser = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sessionWithUserQuery>['executeTakeFirst']>>
>;

/**
 * A statement compiled once with `slot` among its values, answered with the value in its place:
 * its text and its other values never change. Building and compiling the session statement
 * through Kysely at each request cost a tenth of a PostgreSQL first page's time (bench, issue 16).
 */
function compiledOnce<Value>(query: { compile(): CompiledQuery<unknown> }, slot: string) {
  const compiled = query.compile();
  const at = compiled.parameters.indexOf(slot);
  if (at < 0 || compiled.parameters.lastIndexOf(slot) !== at) throw new Error('the statement binds its slot once');
  return (value: Value) =>
    CompiledQuery.raw(
      compiled.sql,
      compiled.parameters.map((each, index) => (index === at ? value : each)),
    ) as CompiledQuery<SessionWithUser>;
}

// A value no session id can be (ids are letters and digits): where the ids go among the values.
const slot = '\u0000session id';

/** The session statement of every request on SQLite, for one id, for `DbHandle.prepared`. */
export function sessionStatement(db: Db): (sessionId: string) => CompiledQuery<SessionWithUser> {
  return compiledOnce<string>(sessionWithUserQuery(db, slot), slot);
}

/**
 * PostgreSQL: the sessions behind several ids in one statement (`= any($1)`, the ids as one
 * array value), for the requests of one turn of the event loop (session-batch.ts).
 */
export function sessionsStatement(db: Db): (sessionIds: readonly string[]) => CompiledQuery<SessionWithUser> {
  return compiledOnce<readonly string[]>(sessionsWithUsers(db).where(sql<boolean>`sessions.id = any(${slot})`), slot);
}

export function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser | undefined> {
  return sessionWithUserQuery(db, sessionId).executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function endSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every open session of a user, except one when named. */
export async function endUserSessions(db: Db, userId: string, now: string, exceptId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Sessions that still work: not ended, not past their end, used within the idle limit. */
export function listOpenSessions(db: Db, userId: string, now: string, idleSince: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .execute();
}
