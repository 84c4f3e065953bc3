import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, productBody } from '../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';
import { createMigratedDatabase, type TestDatabase } from '../../test/test-database';
import type { Db, DbHandle } from './create-db';

/**
 * The write queue (write-queue.ts): on SQLite, units of work queued together share one real
 * transaction, each inside its own savepoint, and each resolves once that is committed. Every
 * check of what was kept is made from a second, independent connection (a new better-sqlite3
 * connection on the same file, or a new PostgreSQL client), never through the handle itself.
 */

type Target = { dataDir: string; databaseUrl?: string };
type Table = 'counters' | 'option_values' | 'products';
type Column = 'name' | 'id';

interface Observer {
  /** Which of `values` another connection sees in table.column right now. */
  seen(table: Table, column: Column, values: string[]): Promise<string[]>;
  /** The same, synchronously (SQLite only): nothing else runs in between. */
  seenNow?: (table: Table, column: Column, values: string[]) => string[];
  close(): Promise<void>;
}

async function openObserver(target: Target): Promise<Observer> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    // One query at a time on the client (pg wants no overlap).
    let queue: Promise<unknown> = Promise.resolve();
    return {
      seen: (table, column, values) => {
        const next = queue.then(async () =>
          (
            await client.query<{ value: string }>(`select ${column} as value from ${table} where ${column} = any($1)`, [
              values,
            ])
          ).rows
            .map((row) => row.value)
            .sort(),
        );
        queue = next.catch(() => undefined);
        return next;
      },
      close: () => client.end(),
    };
  }
  const connection = new SQLite(path.join(target.dataDir, 'shopdesk.sqlite'));
  connection.pragma('busy_timeout = 5000');
  const seenNow = (table: Table, column: Column, values: string[]) =>
    (
      connection
        .prepare(`select ${column} as value from ${table} where ${column} in (select value from json_each(?))`)
        .all(JSON.stringify(values)) as Array<{ value: string }>
    )
      .map((row) => row.value)
      .sort();
  return {
    seen: async (table, column, values) => seenNow(table, column, values),
    seenNow,
    close: async () => {
      connection.close();
    },
  };
}

const names = (count: number, prefix = 'gc') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
const optionId = (name: string) => `ov-${name}`;

/** One unit of work writing two rows: a counter and an option value. */
const writeBoth = (handle: DbHandle, name: string, body?: (trx: Db) => Promise<void> | void) =>
  handle.transaction(async (trx) => {
    await trx.insertInto('counters').values({ name, value: 1 }).execute();
    await trx
      .insertInto('option_values')
      .values({ id: optionId(name), family: 'RAM', value: name, value_key: name, created_at: '2026-01-01T00:00:00Z' })
      .execute();
    await body?.(trx);
  });

const sorted = (values: string[]) => [...values].sort();

describe(`write queue (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let closed: boolean;
  let observer: Observer;

  beforeEach(async () => {
    ({ database, handle } = await createMigratedDatabase());
    closed = false;
    observer = await openObserver(database);
  });

  afterEach(async () => {
    await observer.close();
    if (!closed) await handle.close();
    await database.drop();
  });

  it('50 concurrent units all commit, and each is visible to another connection when it resolves', async () => {
    const all = names(50);
    const seenAtResolve = await Promise.all(
      all.map((name) => writeBoth(handle, name).then(() => observer.seen('counters', 'name', [name]))),
    );
    expect(seenAtResolve).toEqual(all.map((name) => [name]));
    expect(await observer.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(all.map(optionId)));
  });

  it('units queued together share one transaction on SQLite; on PostgreSQL each commits on its own', async () => {
    // SQLite: the 21 units queued in one turn of the event loop run as one batch, the first too.
    const seenDuringBatch: string[][] = [];
    const all = names(21, 'batch');
    const units: Array<Promise<void>> = [];
    for (const [i, name] of all.entries()) {
      units.push(
        writeBoth(handle, name, async () => {
          if (i !== 20) return;
          // PostgreSQL: the first two resolve (are committed) while this one is still open.
          if (handle.engine === 'postgres') await Promise.all([units[0], units[1]]);
          // The last unit of the batch looks, from another connection, for the first two.
          seenDuringBatch.push(await observer.seen('counters', 'name', ['batch-0', 'batch-1']));
        }),
      );
    }
    await Promise.all(units);
    expect(await observer.seen('counters', 'name', all)).toEqual(sorted(all));
    expect(seenDuringBatch).toEqual(handle.engine === 'sqlite' ? [[]] : [['batch-0', 'batch-1']]);
  });

  it('a unit that throws after writing keeps none of its writes; the rest of its batch is all kept', async () => {
    const all = names(50);
    const failing = new Set(['gc-0', 'gc-17', 'gc-31', 'gc-49']);
    const outcomes = await Promise.allSettled(
      all.map((name) =>
        writeBoth(handle, name, () => {
          if (failing.has(name)) throw new Error(`refused ${name}`);
        }),
      ),
    );
    all.forEach((name, i) => {
      if (failing.has(name)) expect(outcomes[i]).toEqual({ status: 'rejected', reason: new Error(`refused ${name}`) });
      else expect(outcomes[i]?.status).toBe('fulfilled');
    });
    const kept = all.filter((name) => !failing.has(name));
    expect(await observer.seen('counters', 'name', all)).toEqual(sorted(kept));
    expect(await observer.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(kept.map(optionId)));
  });

  it('a unit that breaks a primary key rejects with the error and does not take the others down', async () => {
    await handle.db.insertInto('counters').values({ name: 'taken', value: 7 }).execute();
    const all = names(30);
    const outcomes = await Promise.allSettled(
      all.map((name) =>
        writeBoth(handle, name, async (trx) => {
          if (name === 'gc-15') await trx.insertInto('counters').values({ name: 'taken', value: 99 }).execute();
        }),
      ),
    );
    const refused = outcomes[15];
    expect(refused?.status).toBe('rejected');
    expect(String((refused as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed|duplicate key/);
    outcomes.forEach((outcome, i) => {
      if (i !== 15) expect(outcome.status).toBe('fulfilled');
    });
    const kept = all.filter((name) => name !== 'gc-15');
    expect(await observer.seen('counters', 'name', [...all, 'taken'])).toEqual(sorted([...kept, 'taken']));
    expect(await observer.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(kept.map(optionId)));
    const taken = await handle.db.selectFrom('counters').select('value').where('name', '=', 'taken').executeTakeFirst();
    expect(taken?.value).toBe(7);
  });

  it('close() lets queued units finish; reopened, the database has their writes', async () => {
    const all = names(3, 'close');
    const writes = Promise.all(all.map((name) => writeBoth(handle, name)));
    await handle.close();
    closed = true;
    await expect(writes).resolves.toHaveLength(3);
    // Another connection, opened after the handle is gone, reads everything.
    const reopened = await openObserver(database);
    try {
      expect(await reopened.seen('counters', 'name', all)).toEqual(sorted(all));
      expect(await reopened.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(all.map(optionId)));
    } finally {
      await reopened.close();
    }
  });
});

describe(`write queue through the app (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let observer: Observer;

  beforeEach(async () => {
    t = await createTestApp();
    token = await signIn(t);
    observer = await openObserver(t.config);
  });

  afterEach(async () => {
    await observer.close();
    await t.close();
  });

  it('concurrent writes all answer, and each answer arrives only once another connection sees its record', async () => {
    const categoryId = (await createCategory(t, token, 'Phones')).id;

    // What another connection saw at the moment each answer arrived.
    const checks: Array<Promise<{ status: number; table: Table; id: string; seen: string[] }>> = [];
    const watch = (table: Table, answer: Promise<{ statusCode: number; json(): unknown }>) =>
      checks.push(
        answer.then((res) => {
          const id = (res.json() as { id: string }).id;
          // SQLite: read synchronously, before anything else (a later commit) can run.
          const seen = observer.seenNow
            ? Promise.resolve(observer.seenNow(table, 'id', [id]))
            : observer.seen(table, 'id', [id]);
          return seen.then((rows) => ({ status: res.statusCode, table, id, seen: rows }));
        }),
      );
    for (let i = 0; i < 20; i += 1) {
      // Products are saved through the write queue; option values by a single insert of their own.
      watch(
        'products',
        t.request({
          method: 'POST',
          url: '/api/products/create',
          headers: bearer(token),
          payload: productBody(categoryId, { name: `Phone ${i}` }),
        }),
      );
      watch(
        'option_values',
        t.request({
          method: 'POST',
          url: '/api/productRAMS/create',
          headers: bearer(token),
          payload: { productRam: `${i + 1} GB` },
        }),
      );
    }
    const results = await Promise.all(checks);
    expect(results).toHaveLength(40);
    for (const result of results) {
      expect(result).toEqual({ status: 201, table: result.table, id: result.id, seen: [result.id] });
    }
    expect(new Set(results.map((result) => result.id)).size).toBe(40);
  });
});
