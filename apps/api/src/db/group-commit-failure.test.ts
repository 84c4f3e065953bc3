import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineName } from '../../test/test-app';
import { createMigratedDatabase, type TestDatabase } from '../../test/test-database';
import type { DbHandle, Engine } from './create-db';
import type { Database } from './schema';

/**
 * A commit that fails must reach whoever was told "saved". A deferred foreign key stands in for
 * any failure of the real COMMIT (disk full, I/O error): SQLite checks it only at COMMIT.
 */
/**
 * A session naming no user. SQLite checks the foreign key only at the shared COMMIT (deferred),
 * so that COMMIT fails; PostgreSQL refuses the insert itself.
 */
async function writeBrokenForeignKey(trx: Transaction<Database>, engine: Engine) {
  if (engine === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
  await trx
    .insertInto('sessions')
    .values({ id: 's', user_id: 'nobody', created_at: '', last_seen_at: '', expires_at: '', user_agent: '', ip: '' })
    .execute();
}

describe(`group commit: a failed commit is reported (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;

  beforeEach(async () => {
    ({ database, handle } = await createMigratedDatabase());
  });
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  async function visibleCounters(names: string[]): Promise<string[]> {
    if (database.databaseUrl) {
      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('select name from counters where name = any($1)', [names]);
      await client.end();
      return rows.map((row) => row.name).sort();
    }
    const connection = new SQLite(path.join(database.dataDir, 'shopdesk.sqlite'));
    const rows = connection
      .prepare('select name from counters where name in (select value from json_each(?))')
      .all(JSON.stringify(names)) as Array<{ name: string }>;
    connection.close();
    return rows.map((row) => row.name).sort();
  }

  it('64 transactions, one of which makes the commit fail: no write is reported saved unless it is kept', async () => {
    const names = Array.from({ length: 64 }, (_, i) => `burst-${i}`);
    const outcomes = await Promise.allSettled(
      names.map((name, i) =>
        handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('counters').values({ name, value: 1 }).execute();
          if (i === 10) {
            await writeBrokenForeignKey(trx, handle.engine);
          }
        }),
      ),
    );
    const durable = await (handle.durable() ?? Promise.resolve()).then(
      () => undefined,
      (error: unknown) => error,
    );
    const saidSaved = durable ? [] : names.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    // Every transaction told it succeeded, with durable() not rejecting, must be on disk.
    const visible = await visibleCounters(names);
    expect(saidSaved.filter((name) => !visible.includes(name))).toEqual([]);
    expect(saidSaved).not.toContain('burst-10');
  });

  it('a statement that rolls back the whole shared transaction does not leave an earlier, resolved write reported saved', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('counters').values({ name: 'first', value: 1 }).execute();
    });
    // SQLite: OR ROLLBACK undoes the whole (shared) transaction, as SQLITE_FULL or an I/O error may.
    const second = handle.db.transaction().execute(async (trx) => {
      if (handle.engine === 'sqlite')
        await sql`insert or rollback into counters (name, value) values ('first', 2)`.execute(trx);
      else await sql`insert into counters (name, value) values ('first', 2)`.execute(trx);
    });
    await expect(second).rejects.toThrow(/UNIQUE constraint failed|duplicate key/);
    const durable = await (handle.durable() ?? Promise.resolve()).then(
      () => 'no error',
      (error: unknown) => String(error),
    );
    // Either the write of the first transaction is on disk, or durable() says why not.
    if (durable === 'no error') expect(await visibleCounters(['first'])).toEqual(['first']);
    else expect(durable).toMatch(/rolled back a transaction whole; its writes were not saved/);
  });

  it('a transaction whose own commit runs the failing shared COMMIT learns of it', async () => {
    const outcome = await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('counters').values({ name: 'late', value: 1 }).execute();
        await writeBrokenForeignKey(trx, handle.engine);
        // Older than 2 ms: the shared transaction commits at once, inside this commit.
        await new Promise((resolve) => setTimeout(resolve, 5));
      })
      .then(() => handle.durable())
      .then(
        () => 'reported saved',
        (error: unknown) => String(error),
      );
    expect(outcome).toMatch(/FOREIGN KEY constraint failed|foreign key constraint/);
    expect(await visibleCounters(['late'])).toEqual([]);
  });
});
