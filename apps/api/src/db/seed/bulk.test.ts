import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../../../test/test-app';
import { productText } from '../../modules/products/product-json';
import type { Db, Engine } from '../create-db';
import { BulkLoader } from './bulk';
import { seedShop } from './seed';

/** Every index, constraint and trigger, as the database describes them (not where they are stored). */
async function schemaOf(db: Db, engine: Engine) {
  if (engine === 'sqlite') {
    return (
      await sql`select type, name, tbl_name, sql from sqlite_master
        where name not like 'sqlite_stat%' order by type, name`.execute(db)
    ).rows;
  }
  const indexes = await sql`select tablename, indexname, indexdef from pg_indexes
    where schemaname = 'public' order by indexname`.execute(db);
  const constraints = await sql`select conrelid::regclass::text as table, conname, contype,
      pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace order by conname`.execute(db);
  const triggers = await sql`select tgrelid::regclass::text as table, tgname, pg_get_triggerdef(oid) as definition
    from pg_trigger where not tgisinternal order by tgname`.execute(db);
  return { indexes: indexes.rows, constraints: constraints.rows, triggers: triggers.rows };
}

const command = (t: TestApp) => ({
  db: t.app.ctx.db,
  engine: t.app.ctx.engine,
  clock: t.app.ctx.clock,
  config: t.app.ctx.config,
  transaction: t.app.ctx.transaction,
  sqlite: t.app.ctx.sqlite,
  imageStore: t.app.ctx.imageStore,
  imageWork: t.app.ctx.imageWork,
});

describe(`bulk loading (${engineName})`, () => {
  let fresh: TestApp;
  let seeded: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
    seeded = await createTestApp();
    await seedShop(command(seeded), { products: 80, orders: 300, reviews: 120, customers: 10 }, productText);
  });
  afterAll(async () => {
    await fresh.close();
    await seeded.close();
  });

  it('leaves the schema the migrations make: same indexes, keys, foreign keys and triggers', async () => {
    const made = await schemaOf(fresh.app.ctx.db, fresh.app.ctx.engine);
    expect(await schemaOf(seeded.app.ctx.db, seeded.app.ctx.engine)).toEqual(made);
    expect(JSON.stringify(made)).toMatch(/products_search|products_fts_insert/);
  });

  it.runIf(engineName === 'postgres')(
    'writes the big tables frozen: every page all-visible with no VACUUM',
    async () => {
      const { db } = seeded.app.ctx;
      await sql`analyze products, orders, order_items, product_reviews`.execute(db);
      const pages = await sql<{ relname: string; relpages: number; relallvisible: number }>`select relname, relpages,
        relallvisible from pg_class where relname in ('products', 'orders', 'order_items', 'product_reviews')`.execute(
        db,
      );
      expect(pages.rows).toHaveLength(4);
      for (const row of pages.rows) {
        expect(row.relpages, row.relname).toBeGreaterThan(0);
        expect(row.relallvisible, row.relname).toBe(row.relpages);
      }
    },
  );

  it('leaves the full-text index complete, and kept up by later writes', async () => {
    const { db, engine } = seeded.app.ctx;
    const term = 'xylophonic';
    const first = await db.selectFrom('products').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ name: `Zeta ${term} 1` })
      .where('id', '=', first.id)
      .execute();
    if (engine === 'sqlite') {
      // Throws when the index and the products table disagree.
      await sql`insert into products_fts(products_fts) values ('integrity-check')`.execute(db);
      const found = await sql<{
        n: number;
      }>`select count(*) as n from products_fts where products_fts match ${term}`.execute(db);
      expect(Number(found.rows[0]?.n)).toBe(1);
      const all = await sql<{
        n: number;
      }>`select count(*) as n from products_fts where products_fts match 'warranty'`.execute(db);
      expect(Number(all.rows[0]?.n)).toBe(80);
    } else {
      const found = await sql<{ n: number }>`select count(*) as n from products
        where search @@ to_tsquery('simple', ${term})`.execute(db);
      expect(Number(found.rows[0]?.n)).toBe(1);
    }
  });

  it('rolls a failed load back whole: no rows, indexes and foreign keys as they were', async () => {
    const { db, engine, config, sqlite } = fresh.app.ctx;
    const before = await schemaOf(db, engine);
    const bulk = new BulkLoader(db, engine, config.databaseUrl, sqlite);
    try {
      const load = bulk.transaction(async () => {
        await bulk.insert('orders', [
          {
            id: 'o1',
            payment_id: '',
            name: 'A',
            phone_number: '1',
            address: 'x',
            pincode: '1',
            amount: 1,
            email: 'a@b.c',
            user_id: '',
            status: 'pending',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ]);
        // An order line whose order does not exist.
        await bulk.insert('order_items', [
          {
            order_id: 'missing',
            line: 0,
            product_id: 'p',
            product_title: 'P',
            image: '',
            quantity: 1,
            price: 1,
            sub_total: 1,
          },
        ]);
      }, ['orders', 'order_items']);
      await expect(load).rejects.toThrow();
    } finally {
      await bulk.close();
    }
    expect(await db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('order_items').select('order_id').execute()).toEqual([]);
    expect(await schemaOf(db, engine)).toEqual(before);
  });
});
