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
 * A commit that fails must reach whoever would be told "saved" (write-queue.ts). A deferred
 * foreign key stands in for any failure of the real COMMIT (disk full, I/O error): SQLite
 * checks it only at COMMIT, so the batch's COMMIT fails; PostgreSQL refuses the insert itself.
 */
async function writeBrokenForeignKey(trx: Transaction<Database>, engine: Engine) {
  if (engine === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
  await trx
    .insertInto('sessions')
    .values({ id: 's', user_id: 'nobody', created_at: '', last_seen_at: '', expires_at: '', user_agent: '', ip: '' })
    .execute();
}

describe(`write queue: a failed commit is reported (${engineName})`, () => {
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

  it('64 units, one of which makes the commit fail: no unit resolves unless its writes are kept', async () => {
    const names = Array.from({ length: 64 }, (_, i) => `burst-${i}`);
    const outcomes = await Promise.allSettled(
      names.map((name, i) =>
        handle.transaction(async (trx) => {
          await trx.insertInto('counters').values({ name, value: 1 }).execute();
          if (i === 10) await writeBrokenForeignKey(trx, handle.engine);
        }),
      ),
    );
    const saidSaved = names.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    // Every unit that resolved must be on disk, and the broken one never resolves.
    const visible = await visibleCounters(names);
    expect(saidSaved.filter((name) => !visible.includes(name))).toEqual([]);
    expect(saidSaved).not.toContain('burst-10');
    expect(String((outcomes[10] as PromiseRejectedResult).reason)).toMatch(
      /FOREIGN KEY constraint failed|foreign key constraint/,
    );
  });

  it('a statement that rolls back the whole transaction rejects every unit of its batch; later units still run', async () => {
    // The blocker's batch runs alone; the three queued while it runs go together in the next (SQLite).
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const blocker = handle.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    );
    await running;
    const first = handle.transaction(async (trx) => {
      await trx.insertInto('counters').values({ name: 'first', value: 1 }).execute();
    });
    // SQLite: OR ROLLBACK undoes the whole transaction, as SQLITE_FULL or an I/O error may.
    const second = handle.transaction(async (trx) => {
      // PostgreSQL: its own transaction, after the first's commit.
      if (handle.engine === 'postgres') await first;
      if (handle.engine === 'sqlite')
        await sql`insert or rollback into counters (name, value) values ('first', 2)`.execute(trx);
      else await sql`insert into counters (name, value) values ('first', 2)`.execute(trx);
    });
    const third = handle.transaction(async (trx) => {
      await trx.insertInto('counters').values({ name: 'third', value: 1 }).execute();
    });
    release();
    await blocker;
    await expect(second).rejects.toThrow(/UNIQUE constraint failed|duplicate key/);
    await expect(third).resolves.toBeUndefined();
    if (handle.engine === 'sqlite') {
      await expect(first).rejects.toThrow(/rolled back a transaction whole; its writes were not saved/);
      expect(await visibleCounters(['first', 'third'])).toEqual(['third']);
    } else {
      // PostgreSQL: each unit is a transaction of its own.
      await expect(first).resolves.toBeUndefined();
      expect(await visibleCounters(['first', 'third'])).toEqual(['first', 'third']);
    }
  });

  it('a unit whose batch COMMIT fails learns of it, and nothing of it is kept', async () => {
    const outcome = await handle
      .transaction(async (trx) => {
        await trx.insertInto('counters').values({ name: 'late', value: 1 }).execute();
        await writeBrokenForeignKey(trx, handle.engine);
      })
      .then(
        () => 'reported saved',
        (error: unknown) => String(error),
      );
    expect(outcome).toMatch(/FOREIGN KEY constraint failed|foreign key constraint/);
    expect(await visibleCounters(['late'])).toEqual([]);
  });
});
