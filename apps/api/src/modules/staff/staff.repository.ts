import type { Db } from '../../db/create-db';

/** Staff accounts (administrators) with their role's name and last use of any session. */
export function listStaffAccounts(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.active',
      'roles.name as role',
      'users.created_at as createdAt',
    ])
    .select((eb) => eb('users.totp_secret', 'is not', null).as('twoFactor'))
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((inner) => inner.fn.max('sessions.last_seen_at').as('at'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('lastSeenAt'),
    )
    .where('users.is_admin', '=', 1)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
}

export function findStaffAccount(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin', 'role_id', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setAccountRole(db: Db, id: string, roleId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ role_id: roleId, updated_at: now }).where('id', '=', id).execute();
}

export async function setAccountActive(db: Db, id: string, active: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ active: active ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface NewInvite {
  id: string;
  tokenHash: string;
  email: string;
  name: string;
  roleId: string;
  invitedBy: string;
  now: string;
  expiresAt: string;
}

export async function insertInvite(db: Db, invite: NewInvite): Promise<void> {
  await db
    .insertInto('staff_invites')
    .values({
      id: invite.id,
      token_hash: invite.tokenHash,
      email: invite.email,
      name: invite.name,
      role_id: invite.roleId,
      invited_by: invite.invitedBy,
      created_at: invite.now,
      expires_at: invite.expiresAt,
      accepted_at: null,
    })
    .execute();
}

/** Invitations not yet accepted nor expired, with their role's name, newest first. */
export function listPendingInvites(db: Db, now: string) {
  return db
    .selectFrom('staff_invites')
    .innerJoin('roles', 'roles.id', 'staff_invites.role_id')
    .select([
      'staff_invites.id',
      'staff_invites.email',
      'staff_invites.name',
      'staff_invites.expires_at as expiresAt',
      'roles.name as role',
    ])
    .where('staff_invites.accepted_at', 'is', null)
    .where('staff_invites.expires_at', '>', now)
    .orderBy('staff_invites.created_at', 'desc')
    .execute();
}

export function findPendingInvite(db: Db, id: string, now: string) {
  return db
    .selectFrom('staff_invites')
    .select(['id', 'email', 'role_id'])
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Another invitation of the same address replaces the older ones: only the newest link works. */
export async function cancelInvitesOf(db: Db, email: string, now: string): Promise<void> {
  await db
    .updateTable('staff_invites')
    .set({ expires_at: now })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function setInviteRole(db: Db, id: string, roleId: string): Promise<void> {
  await db.updateTable('staff_invites').set({ role_id: roleId }).where('id', '=', id).execute();
}

/** Withdraws an invitation (its link stops working). */
export async function cancelInvite(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('staff_invites').set({ expires_at: now }).where('id', '=', id).execute();
}

/**
 * Claims an invitation by its token's hash: marks it used and answers it, or nothing when it
 * is unknown, used or expired. One statement, so two acceptances at once cannot both win.
 */
export async function claimInvite(db: Db, tokenHash: string, now: string) {
  const claimed = await db
    .updateTable('staff_invites')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'email', 'role_id as roleId'])
    .executeTakeFirst();
  return claimed;
}
