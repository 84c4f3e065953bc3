import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrations } from '../src/db/migrations/index';
import { defaultThrottleLimits } from '../src/lib/throttle';
import { recheckMs } from '../src/lib/write-epoch';
import { createCategory, createProduct, productBody } from './catalogue-fixtures';
import { createPair, type Pair, ping, type Server } from './server-pair';
import { bearer, createAdmin, createTestApp, engineName, ownerEmail, signIn, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * Several servers on one database (design.md §4 "Several instances"; issue 17 item 4). On
 * PostgreSQL they share everything: a change made through one is seen by the other on its very
 * next request. On SQLite (one process serves a file) the throttle is shared too, being in the
 * database, while a second server's remembered reads (a session, the catalogue's version) may
 * lag by up to `recheckMs` (write-epoch.ts); those tests wait that long on SQLite only.
 */

const isPostgres = engineName === 'postgres';
/** What B may lag behind A: nothing on PostgreSQL. */
const lag = () => (isPostgres ? Promise.resolve() : sleep(recheckMs + 300));

// ---------------------------------------------------------------------------------------------

describe(`two servers: the sign-in throttle (${engineName})`, () => {
  const attackerIp = '203.0.113.9';
  const wrong = (server: Server) =>
    server({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: 'not-the-password' },
      remoteAddress: attackerIp,
    });

  /** Statuses (and Retry-After of 429s) of 8 wrong sign-ins sent to the servers in turn. */
  async function run(servers: Server[]): Promise<string[]> {
    const seen: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const res = await wrong(servers[n % servers.length] as Server);
      if (res.statusCode === 429) expect(res.json()).toEqual({ error: true, msg: expect.stringContaining('seconds') });
      seen.push(res.statusCode === 429 ? `429 wait ${res.headers['retry-after']}` : String(res.statusCode));
    }
    return seen;
  }

  it('5 failed sign-ins spread over two servers trigger the throttle exactly as on one', async () => {
    const real = { throttle: defaultThrottleLimits };
    const one = await createTestApp({}, real);
    const alone = await run([(o) => one.request(o)]);
    await one.close();

    const pair = await createPair(real);
    const spread = await run([pair.A, pair.B]);
    // And the account is blocked on both, whichever the next attempt reaches, right password or not.
    const onA = await pair.A({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: 'owner-password-1' },
      remoteAddress: attackerIp,
    });
    await pair.close();

    // 5 free failures (401), the 6th starts a 1 s wait: the clock does not move, so it holds.
    expect(alone).toEqual(['401', '401', '401', '401', '401', '401', '429 wait 1', '429 wait 1']);
    expect(spread).toEqual(alone);
    expect(onA.statusCode).toBe(429);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`two servers: ended sessions are refused by the other on its next request (${engineName})`, () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await createPair();
  });
  afterAll(() => pair.close());

  /** Every token works on both servers, which have just read (and, on SQLite, remember) their sessions. */
  async function warm(...tokens: string[]) {
    for (const token of tokens) for (const server of [pair.A, pair.B]) expect(await ping(server, token)).toBe(200);
  }

  it('sign out on A: B refuses the token on its next request; other tokens still work', async () => {
    const [token, other] = [await signIn(pair.t), await signIn(pair.t)];
    await warm(token, other);
    expect((await pair.A({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(200);
    await lag();
    expect(await ping(pair.B, token)).toBe(401);
    expect(await ping(pair.B, other)).toBe(200);
  });

  it('“sign out everywhere else” on B: A refuses the others on its next request', async () => {
    const keeper = await signIn(pair.t);
    const others = [await signIn(pair.t), await signIn(pair.t)];
    await warm(keeper, ...others);
    const res = await pair.B({ method: 'DELETE', url: '/api/user/sessions', headers: bearer(keeper) });
    expect(res.statusCode, res.body).toBe(200);
    await lag();
    for (const token of others) expect(await ping(pair.A, token)).toBe(401);
    expect(await ping(pair.A, keeper)).toBe(200);
  });

  it('a password changed on A: B refuses the account’s other sessions on its next request', async () => {
    const email = 'mover@shop.test';
    const { id, token: changer } = await createAdmin(pair.t, email, 'first-password-2026');
    const elsewhere = await signIn(pair.t, email, 'first-password-2026');
    await warm(changer, elsewhere);
    const res = await pair.A({
      method: 'PUT',
      url: `/api/user/changePassword/${id}`,
      headers: bearer(changer),
      payload: { password: 'first-password-2026', newPass: 'second-password-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await lag();
    expect(await ping(pair.B, elsewhere)).toBe(401);
    expect(await ping(pair.B, changer)).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`two servers: a catalogue change on A is in B’s next answer (${engineName})`, () => {
  let pair: Pair;
  let token: string;
  let categoryId: string;
  beforeAll(async () => {
    pair = await createPair();
    token = await signIn(pair.t);
    categoryId = (await createCategory(pair.t, token, 'Hall', '#335577')).id;
    await createProduct(pair.t, token, categoryId, { name: 'Ocelot Lamp', price: 700 });
  });
  afterAll(() => pair.close());

  const get = (server: Server, url: string, etag?: string) =>
    server({ method: 'GET', url, headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) } });
  const urls = ['/api/products', '/api/products?page=1&perPage=1', '/api/search?q=ocelot', '/api/search?q=lynx'];

  it('B’s list and search show the change, with a new ETag, and never a stale 304', async () => {
    const product = await createProduct(pair.t, token, categoryId, { name: 'Ocelot Chair', price: 900 });
    await lag();
    // B reads and keeps every answer, and its ETags still hold (304) while nothing changes.
    const before = new Map<string, { etag: string; body: string }>();
    for (const url of urls) {
      const res = await get(pair.B, url);
      expect(res.statusCode, url).toBe(200);
      before.set(url, { etag: String(res.headers.etag), body: res.body });
      expect((await get(pair.B, url, String(res.headers.etag))).statusCode, url).toBe(304);
    }
    expect(before.get('/api/search?q=lynx')?.body).toContain('"products":[]');

    const res = await pair.A({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(token),
      payload: productBody(categoryId, { name: 'Lynx Chair', price: 950 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await lag();

    for (const url of urls) {
      const was = before.get(url);
      const now = await get(pair.B, url, was?.etag);
      expect(now.statusCode, `${url} with the old ETag`).toBe(200);
      expect(now.headers.etag, url).not.toBe(was?.etag);
    }
    const names = async (url: string) =>
      ((await get(pair.B, url)).json() as { products: Array<{ name: string }> }).products.map((p) => p.name);
    expect(await names('/api/products')).toEqual(['Ocelot Lamp', 'Lynx Chair']);
    expect(await names('/api/search?q=lynx')).toEqual(['Lynx Chair']);
    expect(await names('/api/search?q=ocelot')).toEqual(['Ocelot Lamp']);
    const single = await get(pair.B, `/api/products/${product.id}`);
    expect(single.json()).toMatchObject({ name: 'Lynx Chair', price: 950 });

    // A product created on B is counted by A at once (A kept its pages too).
    await get(pair.A, '/api/products?page=1&perPage=1');
    await createProduct({ ...pair.t, request: pair.B }, token, categoryId, { name: 'Margay Stool' });
    await lag();
    const paged = (await get(pair.A, '/api/products?page=1&perPage=1')).json() as { totalCount: number };
    expect(paged.totalCount).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------

/**
 * Start-up on one PostgreSQL database: Kysely's Migrator holds an advisory lock while it runs the
 * migrations, and buildApp runs start-up (migrations, owner, demo shop) under a lock of its own
 * (create-db.ts `exclusively`). SQLite is served by one process, so only PostgreSQL has this case.
 */
describe.runIf(isPostgres)('three servers starting at once on an empty PostgreSQL database', () => {
  it('all start, with one migration history, one owner and one demo shop', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    const apps: FastifyInstance[] = [];
    try {
      const config = loadConfig({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        ADMIN_EMAIL: ownerEmail,
        ADMIN_PASSWORD: 'owner-password-1',
        JWT_SECRET: 'a-shared-secret-of-at-least-32-characters',
        SEED: 'demo',
        LOG_LEVEL: 'silent',
      });
      const started = await Promise.allSettled(
        [1, 2, 3].map(() => buildApp(config, { sweep: false, logger: false }).then((app) => apps.push(app))),
      );
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      try {
        const history = await client.query<{ name: string }>('select name from kysely_migration order by name');
        expect(history.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
        const owners = await client.query('select id from users where email = $1', [ownerEmail]);
        expect(owners.rowCount).toBe(1);
        const roots = await client.query<{ n: number }>(
          'select count(*)::int as n from categories where parent_id is null',
        );
        const products = await client.query<{ n: number }>('select count(*)::int as n from products');
        expect(roots.rows[0]?.n).toBe(8);
        expect(products.rows[0]?.n).toBe(300);
      } finally {
        await client.end();
      }
      // Every server answers, and a token from one works on the others.
      const token = await signIn({ request: (o) => (apps[0] as FastifyInstance).inject(o) } as TestApp);
      for (const app of apps) {
        const res = await app.inject({ method: 'GET', url: '/api/products/get/count', headers: bearer(token) });
        expect(res.json()).toEqual({ productsCount: 300 });
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  });
});
