import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, ownerEmail } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createDb, type DbHandle } from '../../db/create-db';
import { migrations } from '../../db/migrations/index';

describe(`the staff-roles migration on a shop that already has administrators (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  afterAll(async () => {
    await handle?.close().catch(() => {});
    await database?.drop();
  });

  it('makes every administrator a manager, leaves shop customers without a role; start-up makes ADMIN_EMAIL the owner', async () => {
    database = await createTestDatabase();
    handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-26-020-shared-limits')).error).toBeUndefined();
    const now = new Date().toISOString();
    const account = (id: string, email: string, isAdmin: number) => ({
      id,
      name: id,
      email,
      phone: '',
      password_hash: null,
      images: '[]',
      is_admin: isAdmin,
      created_at: now,
      updated_at: now,
    });
    await handle.db
      .insertInto('users')
      .values([
        account('a1', ownerEmail, 1),
        account('a2', 'second@shop.test', 1),
        account('c1', 'customer@shop.test', 0),
      ] as never)
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const roles = async () =>
      Object.fromEntries(
        (await handle.db.selectFrom('users').select(['id', 'role_id', 'active']).execute()).map((row) => [
          row.id,
          [row.role_id, row.active],
        ]),
      );
    expect(await roles()).toEqual({ a1: ['manager', 1], a2: ['manager', 1], c1: [null, 1] });
    await handle.close();

    // The server starts on it: the ADMIN_EMAIL account becomes the owner, nobody else.
    const t = await createTestApp({
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    try {
      const rows = await t.app.ctx.db.selectFrom('users').select(['id', 'role_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a1', role_id: 'owner' },
        { id: 'a2', role_id: 'manager' },
        { id: 'c1', role_id: null },
      ]);
    } finally {
      await t.close();
    }
  });
});
