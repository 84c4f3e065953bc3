import { type Kysely, sql } from 'kysely';

/**
 * Staff, roles and permissions (api.md §10, issue 18). The permission list and the five built-in
 * roles are written here as data (a migration never imports app code: the contract's
 * `builtInRoles` says the same, and roles.test.ts checks the two agree). Built-in roles have their
 * names as ids. Every administrator gets `manager`; start-up (ensureOwner) makes the ADMIN_EMAIL
 * account `owner`. Shop customers (is_admin 0) have no role.
 */
const permissions: Array<[string, string]> = [
  ['catalogue:write', 'create and edit products, categories, option values, banners; upload images'],
  ['catalogue:delete', 'delete products, categories, option values, banners; empty the trash'],
  ['orders:write', 'change orders (status, fields), add notes'],
  ['import', 'run CSV imports'],
  ['export', 'run CSV exports'],
  ['staff:manage', 'list, invite, change and deactivate staff; manage roles'],
  ['audit:read', 'read the activity log'],
];
const all = permissions.map(([name]) => name);
const roles: Record<string, string[]> = {
  owner: all,
  manager: all.filter((name) => name !== 'catalogue:delete' && name !== 'staff:manage'),
  editor: ['catalogue:write', 'import', 'export'],
  clerk: ['orders:write', 'export'],
  viewer: [],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('permissions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('allows', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // Names are unique whatever their case: "Viewer" cannot stand beside "viewer".
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('built_in', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'text', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'text', (col) => col.notNull().references('permissions.name'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('permissions' as never)
    .values(permissions.map(([name, allows]) => ({ name, allows })) as never)
    .execute();
  await db
    .insertInto('roles' as never)
    .values(
      Object.keys(roles).map((name) => ({
        id: name,
        name,
        name_key: name,
        built_in: 1,
        created_at: now,
        updated_at: now,
      })) as never,
    )
    .execute();
  const grants = Object.entries(roles).flatMap(([role, names]) =>
    names.map((permission) => ({ role_id: role, permission })),
  );
  await db
    .insertInto('role_permissions' as never)
    .values(grants as never)
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('role_id', 'text', (col) => col.references('roles.id'))
    .execute();
  // A deactivated account cannot sign in, and its sessions end at once.
  await db.schema
    .alterTable('users')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`update users set role_id = 'manager' where is_admin = 1`.execute(db);
  await db.schema.createIndex('users_role').on('users').column('role_id').execute();

  await db.schema
    .createTable('staff_invites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role_id', 'text', (col) => col.notNull().references('roles.id'))
    .addColumn('invited_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invites_email').on('staff_invites').column('email').execute();
  await db.schema.createIndex('staff_invites_role').on('staff_invites').column('role_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invites').execute();
  await db.schema.dropIndex('users_role').execute();
  await db.schema.alterTable('users').dropColumn('active').execute();
  await db.schema.alterTable('users').dropColumn('role_id').execute();
  await db.schema.dropTable('role_permissions').execute();
  await db.schema.dropTable('roles').execute();
  await db.schema.dropTable('permissions').execute();
}
