import { messages, securityMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { notFound, unauthorized } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { parsePermissions } from '../../lib/permissions';
import { describeUserAgent } from '../account-security/user-agent';
import {
  endSession,
  endUserSessions,
  findSessionWithUser,
  insertSession,
  listOpenSessions,
  touchSession,
} from './sessions.repository';

/** How often last-seen is written: at most once a minute per session. */
const touchEveryMs = 60_000;

/** Opens a session and returns its bearer token. Lifetime: idle limit and absolute limit. */
export async function openSession(
  ctx: AppContext,
  userId: string,
  meta: { userAgent: string; ip: string },
): Promise<string> {
  const now = new Date(ctx.clock());
  const expiresAt = new Date(now.getTime() + ctx.config.session.maxMs);
  const sessionId = newId();
  // A unit of work answering the account: a sign-in route logs its entry for that account.
  await ctx.transaction(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      userId,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    return { id: userId };
  });
  return ctx.tokens.sign({ userId, sessionId }, expiresAt, now);
}

/** The caller behind a bearer token; 401 for a token that is forged, expired, idle or ended. */
export async function authenticate(ctx: AppContext, token: string): Promise<Caller> {
  const now = ctx.clock();
  const claims = await ctx.tokens.verify(token, new Date(now));
  if (!claims) throw unauthorized(messages.pleaseSignIn);
  const session = await ctx.sessions.find(claims.sessionId);
  // A deactivated account's sessions are ended with it; its flag is checked too, in case one was not.
  if (!session || session.userId !== claims.userId || session.endedAt || session.active !== 1) {
    throw unauthorized(messages.pleaseSignIn);
  }
  // The catalogue's version as this request began (read with the session): a product changed
  // through another server is in this request's answers (catalogue-cache.ts).
  if (session.catalogueVersion !== null) ctx.catalogue.observe(Number(session.catalogueVersion));
  const lastSeen = Date.parse(session.lastSeenAt);
  if (Date.parse(session.expiresAt) <= now || lastSeen + ctx.config.session.idleMs <= now) {
    ctx.sessions.forget(session.sessionId);
    await endSession(ctx.db, session.sessionId, new Date(now).toISOString());
    throw unauthorized(messages.pleaseSignIn);
  }
  if (now - lastSeen >= touchEveryMs) {
    const at = new Date(now).toISOString();
    ctx.sessions.seen(session.sessionId, at);
    await touchSession(ctx.db, session.sessionId, at).catch((error: unknown) => {
      ctx.sessions.forget(session.sessionId);
      throw error;
    });
  }
  return {
    id: session.userId,
    name: session.name,
    email: session.email,
    isAdmin: session.isAdmin === 1,
    isOwner: session.email === ctx.config.adminEmail,
    role: session.roleName,
    permissions: parsePermissions(session.permissions),
    sessionId: session.sessionId,
    mustSetUpTwoFactor: ctx.config.requireTwoFactor && !session.hasTwoFactor,
  };
}

/** The caller's open sessions, most recently used first, marking the one making this call. */
export async function listOwnSessions(ctx: AppContext, caller: Caller) {
  const now = ctx.clock();
  const rows = await listOpenSessions(
    ctx.db,
    caller.id,
    new Date(now).toISOString(),
    new Date(now - ctx.config.session.idleMs).toISOString(),
  );
  return rows.map((row) => ({
    id: row.id,
    current: row.id === caller.sessionId,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent,
    device: describeUserAgent(row.user_agent),
    ip: row.ip,
  }));
}

export async function endOwnSession(ctx: AppContext, caller: Caller, sessionId: string) {
  const session = await findSessionWithUser(ctx.db, sessionId);
  if (!session || session.userId !== caller.id || session.endedAt) throw notFound(securityMessages.sessionNotFound);
  await endSession(ctx.db, sessionId, new Date(ctx.clock()).toISOString());
  ctx.log.info({ event: 'session.ended', userId: caller.id, sessionId }, 'session ended by its owner');
  return { error: false as const, msg: securityMessages.sessionEnded };
}

export async function endOtherSessions(ctx: AppContext, caller: Caller) {
  await endUserSessions(ctx.db, caller.id, new Date(ctx.clock()).toISOString(), caller.sessionId);
  return { error: false as const, msg: securityMessages.otherSessionsEnded };
}
