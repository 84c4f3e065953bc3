import { type ActivityEntry, activityActions, activityEntities } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { productText } from '../../modules/products/product-json';
import { seedShop } from './seed';
import { activityDays } from './seed-activity';

const sizes = { products: 60, orders: 400, reviews: 50, customers: 25, activity: 3000 };

describe(`seeded activity log (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let made: Awaited<ReturnType<typeof seedShop>>;
  let seededCount = 0;
  const page = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/activity?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ entries: ActivityEntry[]; nextCursor: string | null }>().entries;
  };

  beforeAll(async () => {
    t = await createTestApp();
    made = await seedShop(t.app.ctx, sizes, productText);
    const row = await t.app.ctx.db
      .selectFrom('activity')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    seededCount = Number(row.n);
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('writes the number asked for, newest first, over the last year', async () => {
    expect(made.activity).toBe(3000);
    expect(seededCount).toBe(3000);
    const entries = (await page('limit=200')).filter(
      (e) => !(e.action === 'signin' && e.actor?.email === 'owner@shop.test'),
    );
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const oldest = new Date(Date.now() - (activityDays + 1) * 86_400_000).toISOString();
    expect((await page(`to=${oldest}&limit=1`)).length).toBe(0);
    expect((await page(`from=${oldest}&limit=200`)).length).toBe(200);
  });

  it('has entries of every action and every kind of record, by a few dozen people', async () => {
    for (const action of activityActions) expect((await page(`action=${action}&limit=1`)).length, action).toBe(1);
    for (const entity of activityEntities) expect((await page(`entity=${entity}&limit=1`)).length, entity).toBe(1);
    const actors = new Set((await page('limit=200')).map((e) => e.actor?.id).filter(Boolean));
    expect(actors.size).toBeGreaterThanOrEqual(20);
  });

  it('names real records, with changes as the recorder writes them', async () => {
    const [status] = await page('action=status&limit=1');
    expect(status?.entity).toBe('order');
    const [was, is] = status?.changes.status ?? [];
    expect(['pending', 'confirm', 'delivered', '']).toContain(was);
    expect(is).not.toBe(was);
    const order = await t.request({ method: 'GET', url: `/api/orders/${status?.entityId}`, headers: bearer(token) });
    expect(order.statusCode).toBe(200);

    const [price] = (await page('entity=product&action=update&limit=50')).filter((e) => 'price' in e.changes);
    expect(price?.changes.price?.every((value) => typeof value === 'number')).toBe(true);
    const history = await t.request({
      method: 'GET',
      url: `/api/activity/product/${price?.entityId}`,
      headers: bearer(token),
    });
    const entries = history.json<{ entries: ActivityEntry[] }>().entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.entity === 'product' && e.entityId === price?.entityId)).toBe(true);
    expect(entries[0]?.entityName).toBe(
      (await t.request({ method: 'GET', url: `/api/products/${price?.entityId}`, headers: bearer(token) })).json<{
        name: string;
      }>().name,
    );

    const actor = status?.actor?.id as string;
    const byActor = await page(`actor=${actor}&limit=50`);
    expect(byActor.length).toBeGreaterThan(1);
    expect(byActor.every((e) => e.actor?.id === actor)).toBe(true);
  });
});
