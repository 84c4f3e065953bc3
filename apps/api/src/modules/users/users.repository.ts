import { normalizeEmail, type User } from '@shopdesk/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    images: JSON.parse(row.images) as string[],
    isAdmin: row.is_admin === 1,
    twoFactorEnabled: row.totp_secret !== null,
  };
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  images: string[];
  isAdmin: boolean;
  /** A staff account's role (roles.id, api.md §10); none for a shop customer. */
  roleId?: string | null;
  now: string;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      name: user.name,
      email: normalizeEmail(user.email),
      phone: user.phone,
      password_hash: user.passwordHash,
      images: JSON.stringify(user.images),
      is_admin: user.isAdmin ? 1 : 0,
      role_id: user.roleId ?? null,
      created_at: user.now,
      updated_at: user.now,
    })
    .execute();
}

export async function updateUserProfile(
  db: Db,
  id: string,
  profile: { name: string; email: string; phone: string; images: string[] },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: profile.name,
      email: normalizeEmail(profile.email),
      phone: profile.phone,
      images: JSON.stringify(profile.images),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function updateUserPassword(db: Db, id: string, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
