import fs from 'node:fs';
import path from 'node:path';
import type { Product, ProductPage } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryRecord, imagePath, productBody } from './catalogue-fixtures';
import { api, buildServerBundle, type ProcessExit, type ServerProcess, spawnServer } from './server-process';
import { engineName, ownerEmail, ownerPassword } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A clean shutdown is clean (server.ts, README "Durability"): the production bundle, run by
 * the Node that runs the tests, serves list pages, search and writes, then gets SIGTERM (or
 * SIGINT) and exits 0, with no native abort on the way; the next start on the same database
 * reads every acknowledged write back (the database was closed cleanly), and so on for a few
 * restarts.
 *
 * Why several starts, and so many requests: better-sqlite3 12 on Node 24 aborts the process
 * (`Assertion failed: (env) != nullptr` in node::RemoveEnvironmentCleanupHook, from
 * Statement::~Statement: signal SIGABRT, shell status 134) when the garbage collector finalizes
 * a statement at a moment no JavaScript runs (a collection V8 starts on its own), or at exit.
 * Here the statements left for the collector are mostly made at start (`pragma()` prepares
 * one per call): on Node 24 with 12.6.2 about half the starts died before answering. The
 * requests (list pages in every order, deep pages from page marks, searches,
 * whole lists) add statements and garbage of their own, so any path that leaves statements
 * behind is caught too.
 *
 * The bundle is built here (no `npm run build` needed); the database is whichever the run uses.
 */

const productCount = 120;
const perPage = 5;
const lastPage = productCount / perPage;
/** Starts after the first (each reads back every write so far, writes one more, and stops with the same signal). */
const restarts = 3;
const nativeFailure = /Assertion failed|Abort|SIGABRT|Segmentation|FATAL ERROR|node::/;

const adjectives = ['Red', 'Quiet', 'Sturdy', 'Tiny', 'Golden', 'Bright'];
const nouns = ['Kettle', 'Lamp', 'Chair', 'Blender', 'Backpack'];
const brands = ['Acme', 'Northwind', 'Globex', 'Initech'];

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let adminDist: string;

beforeAll(async () => {
  bundle = await buildServerBundle();
  // The server serves a dashboard when ADMIN_DIST holds one: a one-file stand-in (no admin build needed).
  adminDist = path.join(bundle.dir, 'admin');
  fs.mkdirSync(adminDist);
  fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><div id="root"></div>\n');
});
afterAll(() => bundle?.remove());

function start(database: TestDatabase): Promise<ServerProcess> {
  return spawnServer(bundle.entry, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    ADMIN_DIST: adminDist,
    SEED: 'none',
    LOG_LEVEL: 'warn',
  });
}

/** Sends `signal` and waits for the exit; after 15 s, SIGKILL (and the exit says so). */
async function stopWith(server: ServerProcess, signal: NodeJS.Signals): Promise<ProcessExit & { timedOut: boolean }> {
  server.process.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 15_000);
  });
  const first = await Promise.race([server.exited(), late]);
  clearTimeout(timer);
  if (first !== 'late') return { ...first, timedOut: false };
  server.process.kill('SIGKILL');
  return { ...(await server.exited()), timedOut: true };
}

function expectCleanExit(server: ServerProcess, exit: ProcessExit & { timedOut: boolean }, signal: string) {
  const said = `after ${signal} the server ended with ${JSON.stringify(exit)}; its output:\n${server.output()}`;
  expect(exit.timedOut, said).toBe(false);
  expect(exit.signal, said).toBeNull();
  expect(exit.code, said).toBe(0);
  expect(server.output(), said).not.toMatch(nativeFailure);
}

/** A GET that must answer 200 (the message names the URL and shows the server's output). */
async function read<T>(server: ServerProcess, url: string, token: string): Promise<T> {
  const res = await api<T>(server, 'GET', url, undefined, token);
  expect(res.status, `GET ${url}: ${JSON.stringify(res.body)}\nserver output:\n${server.output()}`).toBe(200);
  return res.body;
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/api/user/signin', {
    email: ownerEmail,
    password: ownerPassword,
    isAdmin: true,
  });
  expect(res.status, `sign-in: ${JSON.stringify(res.body)}\nserver output:\n${server.output()}`).toBe(200);
  return res.body.token;
}

/** Runs `tasks` with at most `width` of them in flight. */
async function inFlight(width: number, tasks: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

async function createCategory(server: ServerProcess, token: string, name: string): Promise<CategoryRecord> {
  const body = { name, slug: name, color: '#336699', images: [imagePath(name, 'categories')] };
  const res = await api<CategoryRecord>(server, 'POST', '/api/category/create', body, token);
  expect(res.status, `create category ${name}: ${JSON.stringify(res.body)}\nserver output:\n${server.output()}`).toBe(
    201,
  );
  return res.body;
}

/** The writes: three categories and their products, through the API. */
async function arrange(server: ServerProcess, token: string) {
  const categories: CategoryRecord[] = [];
  for (const name of ['Kitchen', 'Living Room', 'Outdoor']) categories.push(await createCategory(server, token, name));
  const products: Product[] = [];
  await inFlight(
    16,
    Array.from({ length: productCount }, (_, i) => async () => {
      const name = `${adjectives[i % adjectives.length]} ${nouns[i % nouns.length]} ${i}`;
      const body = productBody(categories[i % categories.length]!.id, {
        name,
        brand: brands[i % brands.length],
        price: 100 + ((i * 37) % 900),
        rating: (i % 5) + 0.5,
        description: `${name}: made to last, number ${i} of the shutdown catalogue`,
        images: [imagePath(name)],
      });
      const res = await api<Product>(server, 'POST', '/api/products/create', body, token);
      expect(res.status, `create product ${name}: ${JSON.stringify(res.body)}\n${server.output()}`).toBe(201);
      products.push(res.body);
    }),
  );
  return { categories, products };
}

/** List pages (first, next, deep and last, in every order), category pages, searches and whole lists. */
function reads(server: ServerProcess, token: string, categories: CategoryRecord[], products: Product[]) {
  const tasks: (() => Promise<unknown>)[] = [];
  // A page's check that fails says which page it was.
  const page = (url: string, check: (body: ProductPage) => void) =>
    tasks.push(async () => {
      const body = await read<ProductPage>(server, url, token);
      try {
        check(body);
      } catch (error) {
        throw new Error(`GET ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  const orders = [
    '',
    ...['dateCreated', 'name', 'price', 'rating'].flatMap((sort) => [
      `&sort=${sort}&order=asc`,
      `&sort=${sort}&order=desc`,
    ]),
  ];
  for (const order of orders) {
    for (const n of [1, 2, 3, 12, 17, lastPage - 1, lastPage]) {
      page(`/api/products?page=${n}&perPage=${perPage}${order}`, (body) => {
        expect(body.totalCount).toBe(productCount);
        expect(body.products).toHaveLength(perPage);
      });
    }
    page(`/api/products?page=${lastPage + 1}&perPage=${perPage}${order}`, (body) => expect(body.products).toEqual([]));
    for (const category of categories) {
      for (const n of [1, 4, 7]) {
        page(`/api/products/catId?catId=${category.id}&page=${n}&perPage=${perPage}${order}`, (body) =>
          expect(body.totalCount).toBe(productCount / categories.length),
        );
      }
    }
  }
  const words = [...adjectives, ...nouns, ...brands, 'made', 'shutdown catalogue', 'sturdy chair', 'Kit'];
  for (const word of words) {
    for (const n of [1, 2, 3]) {
      page(`/api/search?q=${encodeURIComponent(word)}&page=${n}&perPage=4`, (body) =>
        expect(body.totalCount).toBeGreaterThan(0),
      );
    }
  }
  for (const product of products.slice(0, 40)) {
    tasks.push(() => read(server, `/api/products/${product.id}`, token));
  }
  for (const category of categories) tasks.push(() => read(server, `/api/category/${category.id}`, token));
  tasks.push(() => read(server, '/api/category', token));
  tasks.push(() => read(server, '/api/products/get/count', token));
  for (let i = 0; i < 6; i++) {
    page('/api/products', (body) => expect(body.products).toHaveLength(productCount));
    page(`/api/products?perPage=10000&sort=name&order=${i % 2 ? 'asc' : 'desc'}`, (body) =>
      expect(body.products).toHaveLength(productCount),
    );
  }
  tasks.push(async () => {
    const res = await fetch(`${server.baseUrl}/products`);
    expect(res.status, `the dashboard page\nserver output:\n${server.output()}`).toBe(200);
    await res.text();
  });
  return tasks;
}

describe(`production server: a clean shutdown (${engineName})`, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'exits 0 on %s after reads, searches and writes, without a native abort; every write is there after each restart',
    async (signal) => {
      const database = await createTestDatabase();
      const servers: ServerProcess[] = [];
      try {
        const first = await start(database);
        servers.push(first);
        const token = await signIn(first);
        const { categories, products } = await arrange(first, token);
        const tasks = reads(first, token, categories, products);
        // Twice, eight at a time: statements in use are prepared again, answers become garbage.
        await inFlight(8, [...tasks, ...tasks]);
        // One more write right before the signal: acknowledged, so it must be on disk.
        const written = [await createCategory(first, token, 'Written Before Shutdown')];
        expectCleanExit(first, await stopWith(first, signal), signal);

        const lastProduct = products.at(-1)!;
        for (let round = 1; round <= restarts; round++) {
          const server = await start(database);
          servers.push(server);
          const again = await signIn(server);
          const { categoryList } = await read<{ categoryList: CategoryRecord[] }>(server, '/api/category', again);
          expect(categoryList.map((category) => category.name)).toEqual([
            ...categories.map((category) => category.name),
            ...written.map((category) => category.name),
          ]);
          const latest = written.at(-1)!;
          const { categoryData } = await read<{ categoryData: CategoryRecord[] }>(
            server,
            `/api/category/${latest.id}`,
            again,
          );
          expect(categoryData.map((category) => category.id)).toEqual([latest.id]);
          const count = await read<{ productsCount: number }>(server, '/api/products/get/count', again);
          expect(count.productsCount).toBe(productCount);
          const stored = await read<Product>(server, `/api/products/${lastProduct.id}`, again);
          expect(stored.name).toBe(lastProduct.name);
          const query = encodeURIComponent(lastProduct.name);
          const found = await read<ProductPage>(server, `/api/search?q=${query}&page=1&perPage=20`, again);
          expect(found.products.map((product) => product.id)).toContain(lastProduct.id);
          written.push(await createCategory(server, again, `Written In Round ${round}`));
          expectCleanExit(server, await stopWith(server, signal), `${signal} (start ${round + 1})`);
        }
      } finally {
        for (const server of servers) {
          if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
          await server.exited();
        }
        await database.drop();
      }
    },
    // Three production servers start, serve and stop one after the other: ~10 s on a quiet
    // machine, up to 30 s on a loaded one (2 cores shared with other suites).
    90_000,
  );
});
