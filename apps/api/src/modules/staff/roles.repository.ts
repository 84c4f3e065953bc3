import type { Db } from '../../db/create-db';

export interface RoleRow {
  id: string;
  name: string;
  builtIn: boolean;
  permissions: string[];
  members: number;
}

/** Every role with its permissions and how many accounts hold it, built-in first, then by name. */
export async function listRoles(db: Db): Promise<RoleRow[]> {
  const [roles, grants, counts] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name', 'built_in']).orderBy('built_in', 'desc').orderBy('name_key').execute(),
    db.selectFrom('role_permissions').select(['role_id', 'permission']).orderBy('permission').execute(),
    db
      .selectFrom('users')
      .select((eb) => ['role_id', eb.fn.countAll<number>().as('count')])
      .where('role_id', 'is not', null)
      .groupBy('role_id')
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    builtIn: role.built_in === 1,
    permissions: grants.filter((grant) => grant.role_id === role.id).map((grant) => grant.permission),
    members: Number(counts.find((count) => count.role_id === role.id)?.count ?? 0),
  }));
}

export async function findRole(db: Db, id: string): Promise<RoleRow | undefined> {
  return (await listRoles(db)).find((role) => role.id === id);
}

export function findRoleByName(db: Db, name: string) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'built_in'])
    .where('name_key', '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

/** The role of an account and its permissions (sign-in answer, the user's own record). */
export async function findRoleOfUser(
  db: Db,
  userId: string,
): Promise<{ role: string; permissions: string[] } | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['roles.id', 'roles.name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const grants = await db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', row.id)
    .orderBy('permission')
    .execute();
  return { role: row.name, permissions: grants.map((grant) => grant.permission) };
}

export async function insertRole(db: Db, role: { id: string; name: string; permissions: string[]; now: string }) {
  await db
    .insertInto('roles')
    .values({
      id: role.id,
      name: role.name,
      name_key: role.name.toLowerCase(),
      built_in: 0,
      created_at: role.now,
      updated_at: role.now,
    })
    .execute();
  await replacePermissions(db, role.id, role.permissions);
}

export async function updateRole(db: Db, role: { id: string; name: string; permissions: string[]; now: string }) {
  await db
    .updateTable('roles')
    .set({ name: role.name, name_key: role.name.toLowerCase(), updated_at: role.now })
    .where('id', '=', role.id)
    .execute();
  await replacePermissions(db, role.id, role.permissions);
}

async function replacePermissions(db: Db, roleId: string, permissions: string[]) {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(permissions.map((permission) => ({ role_id: roleId, permission })))
    .execute();
}

/** Accounts and pending invitations holding the role (a role in use cannot be deleted). */
export async function countRoleHolders(db: Db, roleId: string, now: string): Promise<number> {
  const [users, invites] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff_invites')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role_id', '=', roleId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(users.count) + Number(invites.count);
}

export async function deleteRole(db: Db, roleId: string): Promise<void> {
  // Invitations that ran out or were used still name it: they go with it.
  await db.deleteFrom('staff_invites').where('role_id', '=', roleId).execute();
  await db.deleteFrom('roles').where('id', '=', roleId).where('built_in', '=', 0).execute();
}

/**
 * The ADMIN_EMAIL account is the owner, active; any other account holding `owner` (the owner's
 * address changed) becomes a manager: the owner role is that one account's.
 */
export async function settleOwner(db: Db, ownerId: string): Promise<number> {
  await db.updateTable('users').set({ role_id: 'owner', active: 1 }).where('id', '=', ownerId).execute();
  const demoted = await db
    .updateTable('users')
    .set({ role_id: 'manager' })
    .where('role_id', '=', 'owner')
    .where('id', '!=', ownerId)
    .executeTakeFirst();
  return Number(demoted.numUpdatedRows);
}
