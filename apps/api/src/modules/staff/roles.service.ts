import { type Permission, permissionNames, type Role, type roleBodySchema, staffMessages } from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { findUserByEmail } from '../users/users.repository';
import * as repo from './roles.repository';

/** Once each, in the list's own order. */
const normalise = (permissions: readonly string[]) => permissionNames.filter((name) => permissions.includes(name));

const toRole = (row: repo.RoleRow): Role => ({
  id: row.id,
  _id: row.id,
  name: row.name,
  // In the permission list's order (api.md §10), as the Roles screen lists them.
  permissions: normalise(row.permissions) as Permission[],
  builtIn: row.builtIn,
  members: row.members,
});

export async function listRoles(ctx: AppContext): Promise<Role[]> {
  return (await repo.listRoles(ctx.db)).map(toRole);
}

async function getRole(ctx: AppContext, id: string): Promise<Role> {
  const row = await repo.findRole(ctx.db, id);
  if (!row) throw notFound(staffMessages.roleNotFound);
  return toRole(row);
}

async function assertNameFree(ctx: AppContext, name: string, exceptId?: string) {
  const other = await repo.findRoleByName(ctx.db, name);
  if (other && other.id !== exceptId) throw conflict(staffMessages.roleNameTaken(name));
}

type Body = z.output<typeof roleBodySchema>;

export async function createRole(ctx: AppContext, body: Body): Promise<Role> {
  await assertNameFree(ctx, body.name);
  const id = newId();
  try {
    await ctx.transaction(async (trx) => {
      await repo.insertRole(trx, {
        id,
        name: body.name,
        permissions: normalise(body.permissions),
        now: nowIso(ctx.clock),
      });
      return id;
    });
  } catch (error) {
    // Two creations of one name at once: the unique index decides.
    await assertNameFree(ctx, body.name, id);
    throw error;
  }
  ctx.log.info({ event: 'role.created', roleId: id, permissions: body.permissions }, 'role created');
  return getRole(ctx, id);
}

/** Built-in roles never change; a custom role's change reaches its members' next request. */
export async function updateRole(ctx: AppContext, id: string, body: Body): Promise<Role> {
  const role = await getRole(ctx, id);
  if (role.builtIn) throw conflict(staffMessages.builtInRoleFixed);
  await assertNameFree(ctx, body.name, id);
  await ctx.transaction((trx) =>
    repo.updateRole(trx, { id, name: body.name, permissions: normalise(body.permissions), now: nowIso(ctx.clock) }),
  );
  // Sessions remembered in this process (SQLite) are read again: the members' next request sees it.
  ctx.epoch.bump();
  ctx.log.info({ event: 'role.changed', roleId: id, permissions: body.permissions }, 'role changed');
  return getRole(ctx, id);
}

export async function deleteRole(ctx: AppContext, id: string) {
  const role = await getRole(ctx, id);
  if (role.builtIn) throw conflict(staffMessages.builtInRoleFixed);
  const now = nowIso(ctx.clock);
  await ctx.transaction(async (trx) => {
    const holders = await repo.countRoleHolders(trx, id, now);
    if (holders > 0) throw conflict(staffMessages.roleInUse(holders));
    await repo.deleteRole(trx, id);
  });
  ctx.log.info({ event: 'role.deleted', roleId: id }, 'role deleted');
  return { error: false as const, msg: staffMessages.roleDeleted };
}

/** The role of SIGNUP_ROLE, for self sign-up and a first Google sign-in; start-up checks it exists. */
export async function signupRoleId(ctx: AppContext): Promise<string> {
  const role = await repo.findRoleByName(ctx.db, ctx.config.signupRole);
  if (!role) throw new Error(`SIGNUP_ROLE ${ctx.config.signupRole} names no role`);
  return role.id;
}

/** The role of an account and what it may do, as sign-in answers and the user's own record carry them. */
export async function roleOfUser(ctx: AppContext, userId: string) {
  return (await repo.findRoleOfUser(ctx.db, userId)) ?? { role: undefined, permissions: [] };
}

/**
 * At start (after the migrations): the ADMIN_EMAIL account is `owner` and active, and no other
 * account is; SIGNUP_ROLE names a role.
 */
export async function settleRoles(ctx: AppContext): Promise<void> {
  const owner = await findUserByEmail(ctx.db, ctx.config.adminEmail);
  if (!owner) throw new Error(`ADMIN_EMAIL ${ctx.config.adminEmail} has no account`);
  const demoted = await repo.settleOwner(ctx.db, owner.id);
  if (demoted > 0) ctx.log.warn({ event: 'owner.moved', demoted }, 'other accounts held the owner role: now manager');
  await signupRoleId(ctx);
}
