import { setTimeout as sleep } from 'node:timers/promises';
import type { Product } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recheckMs } from '../src/lib/write-epoch';
import {
  type CategoryRecord,
  createCategory,
  createProduct,
  createSubCategory,
  imageUrl,
  productBody,
} from './catalogue-fixtures';
import { createPair, type Pair, ping, type Server } from './server-pair';
import { bearer, createAdmin, engineName, signIn } from './test-app';

/**
 * Two servers on one database, as behind a load balancer: each keeps hot reads (the catalogue's
 * version and its finished list and search pages, the session behind a token) in memory for a
 * moment. What they promise (write-epoch.ts):
 * - a change is seen at once by the server that made it, on the very next request;
 * - the other server sees it once `recheckMs` has passed; until then it may still answer from
 *   memory, so nothing here asserts what B says right after A's write, only after the wait.
 * That is the promise on SQLite; on PostgreSQL B sees it on its very next request, which
 * instances.test.ts asserts.
 */

const minutes = (n: number) => n * 60_000;

/** Longer than recheckMs, with room for a slow machine to finish the write's answer. */
const pastRecheck = () => sleep(recheckMs + 300);

interface ProductPage {
  products: Product[];
  totalPages: number;
  page: number;
  perPage: number;
  totalCount: number;
}

async function page(server: Server, token: string, url: string): Promise<ProductPage> {
  const res = await server({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, url).toBe(200);
  return res.json() as ProductPage;
}

// ---------------------------------------------------------------------------------------------

describe(`two servers on one database: products (${engineName})`, () => {
  let pair: Pair;
  let A: Server;
  let B: Server;
  let token: string;
  let kitchen: CategoryRecord;
  let garden: CategoryRecord;

  beforeAll(async () => {
    pair = await createPair();
    ({ A, B } = pair);
    token = await signIn(pair.t);
    kitchen = await createCategory(pair.t, token, 'Kitchen', '#aa3300');
    garden = await createCategory(pair.t, token, 'Garden', '#00aa33');
    await createProduct(pair.t, token, kitchen.id, { name: 'Plain Spoon', brand: 'Cutlery Co' });
    await createProduct(pair.t, token, garden.id, { name: 'Green Hose', brand: 'Waterline', price: 900 });
  });
  afterAll(() => pair.close());

  /** Every kind of product answer the cache keeps: what each shows of the catalogue. */
  async function views(server: Server, searchWord: string) {
    const list = await page(server, token, '/api/products');
    const paged = await page(server, token, '/api/products?page=1&perPage=2&sort=price&order=desc');
    const inKitchen = await page(server, token, `/api/products/catId?catId=${kitchen.id}`);
    const inGarden = await page(server, token, `/api/products/catId?catId=${garden.id}`);
    const search = await page(server, token, `/api/search?q=${encodeURIComponent(searchWord)}`);
    const names = (p: ProductPage) => p.products.map((product) => product.name);
    return {
      list: names(list),
      count: list.totalCount,
      paged: names(paged),
      pagedTotal: paged.totalCount,
      kitchen: names(inKitchen),
      kitchenCount: inKitchen.totalCount,
      garden: names(inGarden),
      search: names(search),
      byName: new Map(list.products.map((product) => [product.name, product])),
    };
  }

  /** Both servers have read (and keep) every view. */
  async function warm(...words: string[]) {
    for (const server of [A, B]) for (const word of words) await views(server, word);
  }

  it('a product created through A is in A’s list, category list and search at once, and in B’s after recheckMs', async () => {
    await warm('zephyrine');
    const before = await views(A, 'zephyrine');
    expect(before.search).toEqual([]);

    await createProduct(pair.t, token, kitchen.id, { name: 'Zephyrine Kettle', brand: 'Boilwell', price: 50_000 });

    for (const [server, wait] of [
      [A, async () => {}],
      [B, pastRecheck],
    ] as const) {
      await wait();
      const now = await views(server, 'zephyrine');
      expect(now.list).toEqual([...before.list, 'Zephyrine Kettle']);
      expect(now.count).toBe(before.count + 1);
      expect(now.paged[0]).toBe('Zephyrine Kettle'); // the dearest
      expect(now.pagedTotal).toBe(before.count + 1);
      expect(now.kitchen).toEqual([...before.kitchen, 'Zephyrine Kettle']);
      expect(now.kitchenCount).toBe(before.kitchenCount + 1);
      expect(now.garden).toEqual(before.garden);
      expect(now.search).toEqual(['Zephyrine Kettle']);
    }
  });

  it('a product updated through A (same count, new name, price and category) shows at once in A, in B after recheckMs', async () => {
    const product = await createProduct(pair.t, token, kitchen.id, { name: 'Marmoset Grater', price: 300 });
    await pastRecheck();
    await warm('marmoset', 'quokkaware');
    const before = await views(B, 'marmoset');
    expect(before.kitchen).toContain('Marmoset Grater');
    expect(before.search).toEqual(['Marmoset Grater']);

    const res = await A({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(token),
      payload: productBody(garden.id, { name: 'Quokkaware Sprinkler', price: 99_000, images: [imageUrl('sprinkler')] }),
    });
    expect(res.statusCode, res.body).toBe(200);

    for (const [server, wait] of [
      [A, async () => {}],
      [B, pastRecheck],
    ] as const) {
      await wait();
      const now = await views(server, 'quokkaware');
      expect(now.count).toBe(before.count);
      expect(now.list).toEqual(before.list.map((name) => (name === 'Marmoset Grater' ? 'Quokkaware Sprinkler' : name)));
      const shown = now.byName.get('Quokkaware Sprinkler');
      expect(shown).toMatchObject({
        price: 99_000,
        catId: garden.id,
        catName: 'Garden',
        category: { id: garden.id, name: 'Garden', color: '#00aa33' },
        images: [imageUrl('sprinkler')],
      });
      expect(now.paged[0]).toBe('Quokkaware Sprinkler');
      expect(now.kitchen).not.toContain('Marmoset Grater');
      expect(now.kitchen).not.toContain('Quokkaware Sprinkler');
      expect(now.kitchenCount).toBe(before.kitchenCount - 1);
      expect(now.garden).toContain('Quokkaware Sprinkler');
      expect(now.search).toEqual(['Quokkaware Sprinkler']);
      expect((await views(server, 'marmoset')).search).toEqual([]);
    }
  });

  it('a product deleted through A is gone from A’s answers at once, from B’s after recheckMs', async () => {
    const product = await createProduct(pair.t, token, garden.id, { name: 'Axolotl Trowel', price: 150 });
    await pastRecheck();
    await warm('axolotl');
    const before = await views(B, 'axolotl');
    expect(before.garden).toContain('Axolotl Trowel');
    expect(before.search).toEqual(['Axolotl Trowel']);

    const res = await A({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);

    for (const [server, wait] of [
      [A, async () => {}],
      [B, pastRecheck],
    ] as const) {
      await wait();
      const now = await views(server, 'axolotl');
      expect(now.list).toEqual(before.list.filter((name) => name !== 'Axolotl Trowel'));
      expect(now.count).toBe(before.count - 1);
      expect(now.pagedTotal).toBe(before.count - 1);
      expect(now.garden).toEqual(before.garden.filter((name) => name !== 'Axolotl Trowel'));
      expect(now.search).toEqual([]);
    }
  });

  it('any write request to B makes B read the catalogue again at once', async () => {
    await warm('narwhal');
    await createProduct(pair.t, token, kitchen.id, { name: 'Narwhal Whisk' });
    // B writes something unrelated (a category): its next read must see everything committed before.
    await createCategory({ ...pair.t, request: B }, token, 'Attic');
    const now = await views(B, 'narwhal');
    expect(now.list).toContain('Narwhal Whisk');
    expect(now.kitchen).toContain('Narwhal Whisk');
    expect(now.search).toEqual(['Narwhal Whisk']);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`two servers on one database: category changes in product answers (${engineName})`, () => {
  let pair: Pair;
  let A: Server;
  let B: Server;
  let token: string;
  let gadgets: CategoryRecord;
  let widgets: CategoryRecord;
  let productId: string;

  beforeAll(async () => {
    pair = await createPair();
    ({ A, B } = pair);
    token = await signIn(pair.t);
    gadgets = await createCategory(pair.t, token, 'Gadgets', '#112233');
    widgets = await createSubCategory(pair.t, token, 'Widgets', gadgets.id);
    productId = (await createProduct(pair.t, token, gadgets.id, { name: 'Pelican Gizmo', subCatId: widgets.id })).id;
  });
  afterAll(() => pair.close());

  /** The product as each product answer shows it: list, category list, search by `word`. */
  async function shown(server: Server, word: string) {
    const found = (p: ProductPage) => p.products.find((product) => product.id === productId);
    return {
      list: found(await page(server, token, '/api/products')),
      catId: found(await page(server, token, `/api/products/catId?catId=${gadgets.id}`)),
      search: found(await page(server, token, `/api/search?q=${encodeURIComponent(word)}`)),
    };
  }

  async function warm(word: string) {
    for (const server of [A, B]) {
      const seen = await shown(server, word);
      expect(seen.list).toBeDefined();
    }
  }

  const putCategory = (id: string, payload: Record<string, unknown>) =>
    A({ method: 'PUT', url: `/api/category/${id}`, headers: bearer(token), payload });

  async function expectEverywhere(server: Server, word: string, expected: Record<string, unknown>) {
    const seen = await shown(server, word);
    expect(seen.list).toMatchObject(expected);
    expect(seen.catId).toMatchObject(expected);
    expect(seen.search).toMatchObject(expected);
  }

  it('a category renamed through A: A’s product answers carry the new name at once, B’s after recheckMs', async () => {
    await warm('gadgets');
    const res = await putCategory(gadgets.id, { name: 'Contraptions', color: '#112233', images: gadgets.images });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { catName: 'Contraptions', category: { id: gadgets.id, name: 'Contraptions', color: '#112233' } };
    await expectEverywhere(A, 'contraptions', expected);
    await pastRecheck();
    await expectEverywhere(B, 'contraptions', expected);
  });

  it('a category’s colour and images changed (same name): A shows them at once, B after recheckMs', async () => {
    await warm('contraptions');
    const images = [imageUrl('new-look', 'categories')];
    const res = await putCategory(gadgets.id, { name: 'Contraptions', color: '#445566', images });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { catName: 'Contraptions', category: { name: 'Contraptions', color: '#445566', images } };
    await expectEverywhere(A, 'contraptions', expected);
    await pastRecheck();
    await expectEverywhere(B, 'contraptions', expected);
  });

  it('a sub category renamed through A: A shows the new sub category name at once, B after recheckMs', async () => {
    await warm('contraptions');
    const res = await putCategory(widgets.id, { name: 'Doohickeys' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { subCatId: widgets.id, subCat: 'Doohickeys', subCatName: 'Doohickeys' };
    await expectEverywhere(A, 'contraptions', expected);
    await pastRecheck();
    await expectEverywhere(B, 'contraptions', expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`two servers on one database: ended sessions (${engineName})`, () => {
  let pair: Pair;
  let A: Server;
  let B: Server;

  beforeAll(async () => {
    pair = await createPair();
    ({ A, B } = pair);
  });
  afterAll(() => pair.close());

  /** Both servers accept the tokens (and so remember their sessions). */
  async function warm(...tokens: string[]) {
    for (const token of tokens) {
      expect(await ping(A, token)).toBe(200);
      expect(await ping(B, token)).toBe(200);
    }
  }

  async function sessionIdOf(token: string): Promise<string> {
    const res = await A({ method: 'GET', url: '/api/user/sessions', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const current = (res.json() as Array<{ id: string; current: boolean }>).find((s) => s.current);
    if (!current) throw new Error('no current session');
    return current.id;
  }

  it('a token signed out through A is refused by A at once and by B after recheckMs', async () => {
    const token = await signIn(pair.t);
    const other = await signIn(pair.t);
    await warm(token, other);
    const res = await A({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Logout successfull' });

    expect(await ping(A, token)).toBe(401);
    expect(await ping(A, other)).toBe(200);
    await pastRecheck();
    expect(await ping(B, token)).toBe(401);
    expect(await ping(B, other)).toBe(200);
    expect(await ping(A, token)).toBe(401);
  });

  it('a token signed out through B is refused by B at once', async () => {
    const token = await signIn(pair.t);
    await warm(token);
    const res = await B({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await ping(B, token)).toBe(401);
    await pastRecheck();
    expect(await ping(A, token)).toBe(401);
  });

  it('a session ended from the sessions list through A is refused by A at once and by B after recheckMs', async () => {
    const keeper = await signIn(pair.t);
    const ended = await signIn(pair.t);
    const endedId = await sessionIdOf(ended);
    await warm(keeper, ended);
    const res = await A({ method: 'DELETE', url: `/api/user/sessions/${endedId}`, headers: bearer(keeper) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: false, msg: 'Session ended' });

    expect(await ping(A, ended)).toBe(401);
    expect(await ping(A, keeper)).toBe(200);
    await pastRecheck();
    expect(await ping(B, ended)).toBe(401);
    expect(await ping(B, keeper)).toBe(200);
  });

  it('“end all other sessions” through A: the others are refused by A at once and by B after recheckMs', async () => {
    const keeper = await signIn(pair.t);
    const others = [await signIn(pair.t), await signIn(pair.t)];
    await warm(keeper, ...others);
    const res = await A({ method: 'DELETE', url: '/api/user/sessions', headers: bearer(keeper) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: false, msg: 'All other sessions ended' });

    for (const token of others) expect(await ping(A, token)).toBe(401);
    expect(await ping(A, keeper)).toBe(200);
    await pastRecheck();
    for (const token of others) expect(await ping(B, token)).toBe(401);
    expect(await ping(B, keeper)).toBe(200);
  });

  it('a password changed through A ends the account’s other sessions: in A at once, in B after recheckMs', async () => {
    const email = 'changer@shop.test';
    const { id, token: changer } = await createAdmin(pair.t, email, 'first-password-2026');
    const elsewhere = await signIn(pair.t, email, 'first-password-2026');
    const someoneElse = await signIn(pair.t);
    await warm(changer, elsewhere, someoneElse);
    const res = await A({
      method: 'PUT',
      url: `/api/user/changePassword/${id}`,
      headers: bearer(changer),
      payload: { password: 'first-password-2026', newPass: 'second-password-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Password changed' });

    expect(await ping(A, elsewhere)).toBe(401);
    expect(await ping(A, changer)).toBe(200);
    expect(await ping(A, someoneElse)).toBe(200);
    await pastRecheck();
    expect(await ping(B, elsewhere)).toBe(401);
    expect(await ping(B, changer)).toBe(200);
    expect(await ping(B, someoneElse)).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`two servers on one database: idle sessions (${engineName})`, () => {
  let pair: Pair;
  let A: Server;
  let B: Server;
  let idleMs: number;

  beforeAll(async () => {
    pair = await createPair();
    ({ A, B } = pair);
    idleMs = pair.t.config.session.idleMs;
  });
  afterAll(() => pair.close());

  /** The session behind the token (its id from the sessions list). */
  async function sessionIdOf(token: string): Promise<string> {
    const res = await A({ method: 'GET', url: '/api/user/sessions', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const current = (res.json() as Array<{ id: string; current: boolean }>).find((s) => s.current);
    if (!current) throw new Error('no current session');
    return current.id;
  }

  const row = (sessionId: string) =>
    pair.t.app.ctx.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'ended_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();

  it('a token used within the idle window keeps working, on both servers; last-seen is written at most once a minute', async () => {
    expect(idleMs).toBe(minutes(30));
    const token = await signIn(pair.t);
    const sessionId = await sessionIdOf(token);
    const signedInAt = (await row(sessionId)).last_seen_at;
    expect(await ping(A, token)).toBe(200);
    expect(await ping(B, token)).toBe(200);

    // Under a minute later: nothing is written.
    pair.t.advance(30_000);
    expect(await ping(A, token)).toBe(200);
    expect((await row(sessionId)).last_seen_at).toBe(signedInAt);

    // 29 minutes after sign-in: used, so last-seen moves.
    pair.t.advance(minutes(29) - 30_000);
    const firstUse = new Date(pair.t.app.ctx.clock()).toISOString();
    expect(await ping(A, token)).toBe(200);
    expect((await row(sessionId)).last_seen_at).toBe(firstUse);

    // 58 minutes after sign-in, 29 after the last use: still good (A may answer from the row it remembers).
    pair.t.advance(minutes(29));
    const secondUse = new Date(pair.t.app.ctx.clock()).toISOString();
    expect(await ping(A, token)).toBe(200);
    expect((await row(sessionId)).last_seen_at).toBe(secondUse);
    pair.t.advance(30_000);
    expect(await ping(A, token)).toBe(200);
    expect((await row(sessionId)).last_seen_at).toBe(secondUse);

    // B, once its remembered row is old, reads the last use A wrote.
    await pastRecheck();
    pair.t.advance(minutes(29));
    expect(await ping(B, token)).toBe(200);
    expect((await row(sessionId)).ended_at).toBeNull();
  });

  it('an idle-expired session is refused by the server that just remembered it, and ended', async () => {
    const token = await signIn(pair.t);
    const sessionId = await sessionIdOf(token);
    expect(await ping(A, token)).toBe(200);
    pair.t.advance(idleMs); // idle for exactly the limit, right after A remembered the session
    expect(await ping(A, token)).toBe(401);
    expect((await row(sessionId)).ended_at).not.toBeNull();
    expect(await ping(B, token)).toBe(401);
  });

  it('the same on B: a session B just remembered is refused once idle', async () => {
    const token = await signIn(pair.t);
    const sessionId = await sessionIdOf(token);
    expect(await ping(A, token)).toBe(200);
    expect(await ping(B, token)).toBe(200);
    pair.t.advance(idleMs - 1000);
    expect(await ping(B, token)).toBe(200); // one second short of the limit (and last-seen written)
    pair.t.advance(idleMs);
    expect(await ping(B, token)).toBe(401);
    expect((await row(sessionId)).ended_at).not.toBeNull();
    expect(await ping(A, token)).toBe(401);
  });
});
