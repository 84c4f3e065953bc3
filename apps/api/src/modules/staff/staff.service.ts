import { createHash, randomBytes } from 'node:crypto';
import {
  type acceptInviteBodySchema,
  type inviteBodySchema,
  messages,
  type SigninResponse,
  type StaffMember,
  type StaffUpdateBody,
  staffMessages,
} from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { publicBase } from '../../lib/public-link';
import { assertGoodPassword } from '../account-security/password-rule';
import { endUserSessions } from '../sessions/sessions.repository';
import { openSession } from '../sessions/sessions.service';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { findRoleByName } from './roles.repository';
import { roleOfUser } from './roles.service';
import * as repo from './staff.repository';

/** An invitation link works once, for 7 days (api.md §10). */
const inviteLifetimeMs = 7 * 24 * 3_600_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The staff: every administrator account, then the invitations still open. */
export async function listStaff(ctx: AppContext): Promise<StaffMember[]> {
  const [accounts, invites] = await Promise.all([
    repo.listStaffAccounts(ctx.db),
    repo.listPendingInvites(ctx.db, nowIso(ctx.clock)),
  ]);
  const members: StaffMember[] = accounts.map((row) => ({
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role ?? '',
    active: row.active === 1,
    invited: false,
    twoFactor: Boolean(row.twoFactor),
    lastSeenAt: row.lastSeenAt ?? null,
  }));
  const taken = new Set(members.map((member) => member.email));
  for (const invite of invites) {
    if (taken.has(invite.email)) continue;
    taken.add(invite.email);
    members.push({
      id: invite.id,
      _id: invite.id,
      name: invite.name,
      email: invite.email,
      role: invite.role,
      active: false,
      invited: true,
      twoFactor: false,
      lastSeenAt: null,
      expiresAt: invite.expiresAt,
    });
  }
  return members;
}

async function memberOf(ctx: AppContext, id: string): Promise<StaffMember> {
  const member = (await listStaff(ctx)).find((entry) => entry.id === id);
  if (!member) throw notFound(staffMessages.memberNotFound);
  return member;
}

/** A role named in a request: it must exist, and `owner` is the shop owner's alone. */
async function assignableRole(ctx: AppContext, name: string): Promise<string> {
  const role = await findRoleByName(ctx.db, name);
  if (!role) throw badRequest(staffMessages.roleNotFound);
  if (role.id === 'owner') throw conflict(staffMessages.ownerRoleReserved);
  return role.id;
}

/** `POST /api/staff/invite`: a single-use link for 7 days, mailed (or logged without SMTP_URL). */
export async function inviteStaff(ctx: AppContext, caller: Caller, body: z.output<typeof inviteBodySchema>) {
  const roleId = await assignableRole(ctx, body.role);
  if (await findUserByEmail(ctx.db, body.email)) throw conflict(staffMessages.alreadyMember);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  const id = newId();
  await ctx.transaction(async (trx) => {
    await repo.cancelInvitesOf(trx, body.email, new Date(now).toISOString());
    await repo.insertInvite(trx, {
      id,
      tokenHash: tokenHash(token),
      email: body.email,
      name: body.name,
      roleId,
      invitedBy: caller.id,
      now: new Date(now).toISOString(),
      expiresAt: new Date(now + inviteLifetimeMs).toISOString(),
    });
    return id;
  });
  const inviteUrl = `${publicBase(ctx.config)}/accept-invite?token=${token}`;
  // Not awaited: a mail server that is slow or down does not hold the answer; the link is also
  // in the answer, for the inviter to pass on. A failure is logged.
  void ctx
    .mailer({
      to: body.email,
      subject: 'You are invited to a Shopdesk back office',
      text: `Hello ${body.name},\n\n${caller.name} invited you to the back office of their shop as ${body.role}.\nChoose your password here within 7 days (the link works once):\n\n${inviteUrl}\n`,
    })
    .catch((error: unknown) => ctx.log.error({ err: error, event: 'mail.failed' }, 'staff invitation not sent'));
  ctx.log.info({ event: 'staff.invited', inviteId: id, by: caller.id, role: body.role }, 'staff member invited');
  return { id, inviteUrl };
}

/** `POST /api/staff/acceptInvite` (public): makes the account with the invitation's role and signs it in. */
export async function acceptInvite(
  ctx: AppContext,
  body: z.output<typeof acceptInviteBodySchema>,
  meta: { ip: string; userAgent: string },
): Promise<SigninResponse> {
  await assertGoodPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const id = newId();
  const now = nowIso(ctx.clock);
  const { claimed: invite } = await ctx.transaction(async (trx) => {
    const claimed = await repo.claimInvite(trx, tokenHash(body.token), now);
    if (!claimed) throw badRequest(staffMessages.inviteInvalid);
    if (await findUserByEmail(trx, claimed.email)) throw conflict(staffMessages.alreadyMember);
    await insertUser(trx, {
      id,
      name: body.name,
      email: claimed.email,
      phone: body.phone,
      passwordHash,
      images: [],
      isAdmin: true,
      roleId: claimed.roleId,
      now,
    });
    // `id`: the account made (its activity entry names it); `claimed`: the invitation.
    return { id, claimed };
  });
  const token = await openSession(ctx, id, meta);
  ctx.log.info({ event: 'staff.joined', userId: id, inviteId: invite.id }, 'invitation accepted');
  const { role, permissions } = await roleOfUser(ctx, id);
  return {
    error: false,
    msg: messages.userAuthenticated,
    token,
    user: { id, name: body.name, email: invite.email, isAdmin: true, ...(role ? { role } : {}), permissions },
    ...(ctx.config.requireTwoFactor ? { twoFactorSetupRequired: true } : {}),
  };
}

/**
 * `PUT /api/staff/:id {role?, active?}`: an account's role or active state, or an open
 * invitation's role (active:false withdraws it). The owner keeps `owner` and stays active (409).
 * Deactivation ends every session of the account at once; both reach the member's next request.
 */
export async function updateMember(ctx: AppContext, caller: Caller, id: string, body: StaffUpdateBody) {
  const now = nowIso(ctx.clock);
  const account = await repo.findStaffAccount(ctx.db, id);
  if (!account) return updateInvite(ctx, id, body, now);
  if (account.is_admin !== 1) throw notFound(staffMessages.memberNotFound);
  if (account.email === ctx.config.adminEmail) {
    if ((body.role !== undefined && body.role.toLowerCase() !== 'owner') || body.active === false) {
      throw conflict(staffMessages.ownerFixed);
    }
    return memberOf(ctx, id);
  }
  const roleId = body.role === undefined ? undefined : await assignableRole(ctx, body.role);
  await ctx.transaction(async (trx) => {
    if (roleId !== undefined) await repo.setAccountRole(trx, id, roleId, now);
    if (body.active !== undefined) {
      await repo.setAccountActive(trx, id, body.active, now);
      if (!body.active) await endUserSessions(trx, id, now);
    }
  });
  // Sessions remembered in this process (SQLite) are read again on the next request.
  ctx.epoch.bump();
  ctx.log.info({ event: 'staff.changed', userId: id, by: caller.id, ...body }, 'staff member changed');
  return memberOf(ctx, id);
}

async function updateInvite(ctx: AppContext, id: string, body: StaffUpdateBody, now: string) {
  if (!(await repo.findPendingInvite(ctx.db, id, now))) throw notFound(staffMessages.memberNotFound);
  if (body.active === true) throw badRequest('An invitation becomes active when it is accepted');
  const roleId = body.role === undefined ? undefined : await assignableRole(ctx, body.role);
  if (body.active !== false) {
    if (roleId !== undefined) await ctx.transaction((trx) => repo.setInviteRole(trx, id, roleId));
    return memberOf(ctx, id);
  }
  // Withdrawn (a role sent with it is moot): the link stops working and the list no longer
  // shows it; answered as it was last. One change, one activity entry.
  const member = await memberOf(ctx, id);
  await ctx.transaction((trx) => repo.cancelInvite(trx, id, now));
  return { ...member, expiresAt: now };
}

/** A deactivated account signs in nowhere (password, Google): 403 with words saying so. */
export function assertActive(row: { active: number }): void {
  if (row.active !== 1) throw forbidden(staffMessages.deactivated);
}

/** Sign-in answers (password, Google) carry the role and its permissions (api.md §10). */
export async function signedInUser(ctx: AppContext, row: { id: string; name: string; email: string }) {
  const { role, permissions } = await roleOfUser(ctx, row.id);
  return { id: row.id, name: row.name, email: row.email, isAdmin: true, ...(role ? { role } : {}), permissions };
}
