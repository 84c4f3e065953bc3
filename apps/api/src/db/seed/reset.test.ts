import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../../../test/test-app';
import { productText } from '../../modules/products/product-json';
import { counterNames, readCounter } from '../counters';
import { resetShop } from './reset';
import { seedShop } from './seed';

describe(`resetting the shop (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('empties the catalogue but never gives the catalogue version back (a running server keeps pages by it)', async () => {
    const { ctx } = t.app;
    // As the seed command does it: no epoch of this app, another process.
    const command = {
      db: ctx.db,
      engine: ctx.engine,
      clock: ctx.clock,
      config: ctx.config,
      transaction: ctx.transaction,
      sqlite: ctx.sqlite,
      imageStore: ctx.imageStore,
      imageWork: ctx.imageWork,
    };
    await seedShop(command, { products: 5, orders: 0, reviews: 0, customers: 1 }, productText);
    const before = await readCounter(ctx.db, counterNames.productsVersion);
    await resetShop(command);
    expect(await readCounter(ctx.db, counterNames.products)).toBe(0);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toEqual([]);
    await seedShop(command, { products: 5, orders: 0, reviews: 0, customers: 1 }, productText);
    expect(await readCounter(ctx.db, counterNames.products)).toBe(5);
    expect(await readCounter(ctx.db, counterNames.productsVersion)).toBeGreaterThan(before);
  });
});
