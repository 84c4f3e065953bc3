import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { engineName } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createDb, type DbHandle } from '../../db/create-db';
import { migrations } from '../../db/migrations/index';
import { newId } from '../../lib/ids';
import { insertEntries, pageEntries } from './activity.repository';

const before091 = '2026-11-26-090-low-stock';

describe(`the activity write-cost migration (091) on a shop with a log (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  afterAll(async () => {
    await handle?.close().catch(() => {});
    await database?.drop();
  });

  it('keeps every entry with its seq; the next entry continues the sequence; down and up again', async () => {
    database = await createTestDatabase();
    handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before091)).error).toBeUndefined();
    const entry = (at: string, entity: 'product' | 'order', action: 'create' | 'status') => ({
      id: newId(),
      at,
      actor_id: null,
      actor_name: '',
      actor_email: '',
      action,
      entity,
      entity_id: `${entity}-1`,
      entity_name: 'Thing',
      changes: '{}',
      request_id: 'r',
      ip: '127.0.0.1',
      stock_low: null,
    });
    const seqs = await insertEntries(handle.db, [
      entry('2026-11-26T10:00:00.000Z', 'product', 'create'),
      entry('2026-11-26T10:00:01.000Z', 'order', 'create'),
      entry('2026-11-26T10:00:02.000Z', 'order', 'status'),
    ]);
    const stored = await handle.db.selectFrom('activity').selectAll().orderBy('seq').execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await handle.db.selectFrom('activity').selectAll().orderBy('seq').execute()).toEqual(stored);
    const [next] = await insertEntries(handle.db, [entry('2026-11-26T10:00:03.000Z', 'order', 'status')]);
    expect(next).toBe(Math.max(...seqs) + 1);
    // By entity alone: the order's ranges of each action, merged newest first.
    const orders = await pageEntries(handle.db, { entity: 'order', limit: 10 });
    expect(orders.map((row) => [row.action, Number(row.seq)])).toEqual([
      ['status', next],
      ['status', seqs[2]],
      ['create', seqs[1]],
    ]);
    const statuses = await pageEntries(handle.db, { action: 'status', limit: 1 });
    expect(statuses.map((row) => Number(row.seq))).toEqual([next]);

    expect((await migrator.migrateTo(before091)).error).toBeUndefined();
    expect(await handle.db.selectFrom('activity').select('seq').orderBy('seq').execute()).toHaveLength(4);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await handle.db.selectFrom('activity').select('seq').orderBy('seq').execute()).toHaveLength(4);
  });
});
