import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineName } from '../../test/test-app';
import { createMigratedDatabase, type TestDatabase } from '../../test/test-database';
import { bumpCounter, bumpCounters, counterNames, readCounter, readCounters } from './counters';
import type { DbHandle } from './create-db';

describe(`counters (${engineName})`, () => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeEach(async () => {
    ({ database, handle } = await createMigratedDatabase());
  });
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  it('spreads order counters over several rows and reads them back as one sum', async () => {
    const { db } = handle;
    const pending = counterNames.ordersWithStatus('pending');
    for (let i = 0; i < 200; i += 1) await bumpCounter(db, pending, 1);
    await bumpCounter(db, pending, -30);
    const rows = await db.selectFrom('counters').select('name').where('name', 'like', `${pending}#%`).execute();
    expect(rows.length).toBeGreaterThan(1);
    expect(await readCounter(db, pending)).toBe(170);
    // A neighbour whose name starts the same is a different counter.
    await bumpCounter(db, counterNames.ordersWithStatus('pending-review'), 5);
    expect(await readCounters(db, [pending, counterNames.orders])).toEqual([170, 0]);
  });

  it('counts a row written before the spread (a plain `name` row) in the sum', async () => {
    const { db } = handle;
    await db.insertInto('counters').values({ name: counterNames.orders, value: 1000 }).execute();
    await bumpCounters(db, [[counterNames.orders, 5]]);
    expect(await readCounter(db, counterNames.orders)).toBe(1005);
  });

  it('keeps other counters in one row', async () => {
    const { db } = handle;
    await bumpCounter(db, counterNames.productsVersion, 1);
    await bumpCounter(db, counterNames.productsVersion, 1);
    const rows = await db.selectFrom('counters').select(['name', 'value']).execute();
    expect(rows.map((row) => [row.name, Number(row.value)])).toEqual([[counterNames.productsVersion, 2]]);
  });

  it('lets many transactions move order counts crosswise at once without losing a step or deadlocking', async () => {
    const { db } = handle;
    const statuses = ['pending', 'confirm', 'delivered'];
    await bumpCounters(
      db,
      statuses.map((status) => [counterNames.ordersWithStatus(status), 100] as const),
    );
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        handle.transaction(async (trx) => {
          const from = statuses[i % 3] as string;
          const to = statuses[(i + 1) % 3] as string;
          await bumpCounters(trx, [
            [counterNames.ordersWithStatus(from), -1],
            [counterNames.ordersWithStatus(to), 1],
          ]);
        }),
      ),
    );
    expect(await readCounters(db, statuses.map(counterNames.ordersWithStatus))).toEqual([100, 100, 100]);
  });
});
