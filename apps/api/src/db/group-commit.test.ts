import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, productBody } from '../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';
import { createMigratedDatabase, type TestDatabase } from '../../test/test-database';
import type { Db, DbHandle } from './create-db';

/**
 * Group commit (create-db.ts): on SQLite, transactions that run back to back share one real
 * transaction, each inside its own savepoint, and `durable()` says when it is on disk. Every
 * check of what was kept is made from a second, independent connection (a new better-sqlite3
 * connection on the same file, or a new PostgreSQL client), never through the handle itself,
 * which sees its own uncommitted writes.
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

/** One transaction writing two rows: a counter and an option value. */
const writeBoth = (db: Db, name: string, body?: (trx: Db) => Promise<void> | void) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('counters').values({ name, value: 1 }).execute();
    await trx
      .insertInto('option_values')
      .values({ id: optionId(name), family: 'RAM', value: name, value_key: name, created_at: '2026-01-01T00:00:00Z' })
      .execute();
    await body?.(trx);
  });

const sorted = (values: string[]) => [...values].sort();

describe(`group commit (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let closed: boolean;
  let observer: Observer;

  const open = async () => {
    ({ database, handle } = await createMigratedDatabase());
    closed = false;
    observer = await openObserver(database);
  };
  beforeEach(open);

  afterEach(async () => {
    await observer.close();
    if (!closed) await handle.close();
    await database.drop();
  });

  it('50 concurrent transactions all commit, and another connection sees every write once durable() resolves', async () => {
    const all = names(50);
    await Promise.all(all.map((name) => writeBoth(handle.db, name)));
    await handle.durable();
    expect(await observer.seen('counters', 'name', all)).toEqual(sorted(all));
    expect(await observer.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(all.map(optionId)));
    // Nothing is left waiting: the shared transaction is closed.
    expect(handle.durable()).toBeUndefined();
  });

  it('a transaction that throws after writing keeps none of its writes; the rest of its group is all kept', async () => {
    const all = names(50);
    const failing = new Set(['gc-0', 'gc-17', 'gc-31', 'gc-49']);
    const outcomes = await Promise.allSettled(
      all.map((name) =>
        writeBoth(handle.db, name, () => {
          if (failing.has(name)) throw new Error(`refused ${name}`);
        }),
      ),
    );
    await handle.durable();
    all.forEach((name, i) => {
      if (failing.has(name)) expect(outcomes[i]).toEqual({ status: 'rejected', reason: new Error(`refused ${name}`) });
      else expect(outcomes[i]?.status).toBe('fulfilled');
    });
    const kept = all.filter((name) => !failing.has(name));
    expect(await observer.seen('counters', 'name', all)).toEqual(sorted(kept));
    expect(await observer.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(kept.map(optionId)));
  });

  it('a transaction that breaks a primary key rejects with the error and does not take the others down', async () => {
    await handle.db.insertInto('counters').values({ name: 'taken', value: 7 }).execute();
    const all = names(30);
    const outcomes = await Promise.allSettled(
      all.map((name) =>
        writeBoth(handle.db, name, async (trx) => {
          if (name === 'gc-15') await trx.insertInto('counters').values({ name: 'taken', value: 99 }).execute();
        }),
      ),
    );
    await handle.durable();
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

  it('a grouped write is not visible to another connection before durable() resolves, and is after (SQLite)', async () => {
    let pendingSeen = 0;
    let bothPending = 0;
    // The shared transaction commits at once when it is 2 ms old: on a loaded machine a try can
    // commit at once, so a few tries are allowed; at least one must keep the pair pending.
    for (let attempt = 0; attempt < 20 && bothPending < 3; attempt += 1) {
      const [first, last] = [`pair-${attempt}-a`, `pair-${attempt}-b`];
      // Both started in the same tick; nothing but promise callbacks runs until the await returns
      // (no setImmediate: only a commit made at once can have reached the disk).
      await Promise.all([writeBoth(handle.db, first), writeBoth(handle.db, last)]);
      const pending = handle.durable();
      if (handle.engine === 'postgres') {
        // PostgreSQL commits each transaction itself: nothing to wait for, already visible.
        expect(pending).toBeUndefined();
        expect(await observer.seen('counters', 'name', [first, last])).toEqual([first, last]);
        bothPending += 1;
        pendingSeen += 1;
        continue;
      }
      const seenNow = observer.seenNow as NonNullable<Observer['seenNow']>;
      if (pending) {
        pendingSeen += 1;
        // The handle's own connection sees both...
        const own = await handle.db.selectFrom('counters').select('name').where('name', 'in', [first, last]).execute();
        expect(own.map((row) => row.name).sort()).toEqual([first, last]);
        // ...but the shared transaction holding the last one is still open: another connection
        // sees neither of its rows (the first may have been committed at once, alone).
        const seenBefore = seenNow('counters', 'name', [first, last]);
        expect(seenBefore).not.toContain(last);
        expect(seenNow('option_values', 'id', [optionId(last)])).toEqual([]);
        if (seenBefore.length === 0) bothPending += 1;
        await pending;
      }
      expect(seenNow('counters', 'name', [first, last])).toEqual([first, last]);
      expect(seenNow('option_values', 'id', [first, last].map(optionId))).toEqual([first, last].map(optionId));
    }
    expect(pendingSeen).toBeGreaterThan(0);
    // At least once, the two transactions shared one pending real transaction.
    expect(bothPending).toBeGreaterThan(0);
  });

  it('close() commits a shared transaction still pending; reopened, the database has its writes', async () => {
    let pendingAtClose = 0;
    for (let attempt = 0; attempt < 10 && pendingAtClose === 0; attempt += 1) {
      if (attempt > 0) {
        // A fresh database for every try: the previous handle is closed.
        await observer.close();
        await database.drop();
        await open();
      }
      const all = names(3, `close-${attempt}`);
      await Promise.all(all.map((name) => writeBoth(handle.db, name)));
      const pending = handle.durable();
      if (pending || handle.engine === 'postgres') pendingAtClose += 1;
      await handle.close();
      closed = true;
      // The waiters learn of the commit close() made.
      await expect(pending ?? Promise.resolve()).resolves.toBeUndefined();
      // Another connection, opened after the handle is gone, reads everything.
      const reopened = await openObserver(database);
      try {
        expect(await reopened.seen('counters', 'name', all)).toEqual(sorted(all));
        expect(await reopened.seen('option_values', 'id', all.map(optionId))).toEqual(sorted(all.map(optionId)));
      } finally {
        await reopened.close();
      }
    }
    expect(pendingAtClose).toBeGreaterThan(0);
  });
});

describe(`group commit through the app (${engineName})`, () => {
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
      // Products are saved in a transaction; option values by a single insert, which joins the
      // shared transaction when one is open.
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
