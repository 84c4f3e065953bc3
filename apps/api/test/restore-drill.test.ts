import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Order, Product, ProductPage } from '@shopdesk/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePath, productBody } from './catalogue-fixtures';
import { api, buildServerBundle, type ServerProcess, spawnServer } from './server-process';
import { ownerEmail, ownerPassword } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The restore drill of docs/operations.md, run as written there: a demo shop takes writes
 * without pause while it is backed up (SQLite: `npm run db:backup`, an online backup;
 * PostgreSQL: `pg_dump -Fc`); the backup, the image store (DATA_DIR/uploads) and jwt-secret go
 * into a new DATA_DIR (and, on PostgreSQL, `pg_restore` into a new database); a server started
 * on them serves the same shop: the products acknowledged before the backup began, none
 * acknowledged after it ended, a consistent count, a known order as it was, its images, the
 * owner's password, and a token signed before the backup (same jwt-secret, same session).
 * The SQLite drill always runs; the PostgreSQL drill when DATABASE_URL names a server.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
/** Fixed so that image URLs in answers are the same whichever server gives them. */
const publicUrl = 'http://shop.test';

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
let scratch: string;
beforeAll(async () => {
  bundle = await buildServerBundle();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-drill-'));
});
afterAll(() => {
  bundle?.remove();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Where a shop keeps its data: DATA_DIR, and DATABASE_URL on PostgreSQL. */
interface Store {
  dataDir: string;
  databaseUrl?: string;
}

const startShop = (store: Store) =>
  spawnServer(bundle.entry, {
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    PUBLIC_URL: publicUrl,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
  });

async function stop(server: ServerProcess) {
  server.process.kill('SIGTERM');
  expect((await server.exited()).code, server.output()).toBe(0);
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/api/user/signin', {
    email: ownerEmail,
    password: ownerPassword,
  });
  expect(res.status, `sign-in: ${JSON.stringify(res.body)}\n${server.output()}`).toBe(200);
  return res.body.token;
}

async function read<T>(server: ServerProcess, url: string, token: string): Promise<T> {
  const res = await api<T>(server, 'GET', url, undefined, token);
  expect(res.status, `GET ${url}: ${JSON.stringify(res.body)}\n${server.output()}`).toBe(200);
  return res.body;
}

const productCount = async (server: ServerProcess, token: string) =>
  (await read<{ productsCount: number }>(server, '/api/products/get/count', token)).productsCount;

async function imageBytes(server: ServerProcess, url: string): Promise<Buffer> {
  const res = await fetch(server.baseUrl + new URL(url).pathname);
  expect(res.status, `GET ${url}`).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Creates products one after another until stopped; each with the time its answer came. */
function keepWriting(server: ServerProcess, token: string, categoryId: string) {
  const acknowledged: { id: string; at: number }[] = [];
  let stopping = false;
  let failed: unknown;
  const done = (async () => {
    for (let n = 1; !stopping; n += 1) {
      // Image fields take this shop's uploads only; a path is valid behind any origin.
      const body = productBody(categoryId, { name: `Written during the backup ${n}`, images: [imagePath('drill')] });
      const res = await api<Product>(server, 'POST', '/api/products/create', body, token);
      expect(res.status, `write ${n}: ${JSON.stringify(res.body)}`).toBe(201);
      acknowledged.push({ id: res.body.id, at: Date.now() });
    }
  })().catch((error: unknown) => {
    failed = error;
    throw error;
  });
  // A write that failed ends the wait with its error instead of waiting forever.
  const until = async (count: number) => {
    while (acknowledged.length < count) {
      if (failed) throw failed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    acknowledged,
    until,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

/** What a backup holds and a restore must give back, and how the engine takes and restores one. */
interface Drill {
  original: Store;
  backUp(original: Store, file: string): Promise<void>;
  /** A new store made from the backup, DATA_DIR's files included. */
  restore(original: Store, file: string): Promise<Store>;
}

async function runDrill({ original, backUp, restore }: Drill) {
  const shop = await startShop(original);
  const token = await signIn(shop);
  const before = await productCount(shop, token);
  expect(before, 'the demo shop').toBeGreaterThan(0);
  const orderId = (await read<{ orders: Order[] }>(shop, '/api/orders?page=1&perPage=1', token)).orders[0]!.id;
  const knownOrder = await read<Order>(shop, `/api/orders/${orderId}`, token);
  const known = (await read<ProductPage>(shop, '/api/products?page=1&perPage=1', token)).products[0]!;
  const knownImage = await imageBytes(shop, known.images[0]!);
  const categoryId = known.category?.id;
  expect(categoryId).toBeTruthy();

  // Writes go on before, during and after the backup.
  const writes = keepWriting(shop, token, categoryId!);
  await writes.until(5);
  const file = path.join(scratch, `backup-${Date.now()}`);
  const backupStarted = Date.now();
  await backUp(original, file);
  const backupEnded = Date.now();
  await writes.until(writes.acknowledged.length + 5);
  await writes.stop();
  await stop(shop);

  const restored = await restore(original, file);
  const again = await startShop(restored);
  try {
    // Signed in before the backup: the same secret checks the token, the same session holds.
    await read(again, '/api/user/sessions', token);
    const newToken = await signIn(again);
    const present: string[] = [];
    for (const { id, at } of writes.acknowledged) {
      const res = await api(again, 'GET', `/api/products/${id}`, undefined, newToken);
      expect([200, 404], `product ${id}`).toContain(res.status);
      if (res.status === 200) present.push(id);
      if (at < backupStarted) expect(res.status, `acknowledged before the backup began: ${id}`).toBe(200);
      if (at > backupEnded) expect(res.status, `acknowledged after the backup ended: ${id}`).toBe(404);
    }
    expect(await productCount(again, newToken)).toBe(before + present.length);
    expect(await read<Order>(again, `/api/orders/${orderId}`, newToken)).toEqual(knownOrder);
    expect(await read<Product>(again, `/api/products/${known.id}`, newToken)).toEqual(known);
    expect((await imageBytes(again, known.images[0]!)).equals(knownImage)).toBe(true);
  } finally {
    await stop(again);
  }
}

/** DATA_DIR's files beside the database: the image store and the token secret. */
function copyDataDirFiles(from: string, to: string) {
  fs.cpSync(path.join(from, 'uploads'), path.join(to, 'uploads'), { recursive: true });
  fs.copyFileSync(path.join(from, 'jwt-secret'), path.join(to, 'jwt-secret'));
}

function newDataDir(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  return dir;
}

describe('restore drill: SQLite, online backup while writes go on (npm run db:backup)', () => {
  it('restores into a new DATA_DIR a shop that serves the same data', async () => {
    await runDrill({
      original: { dataDir: newDataDir('sqlite-original') },
      backUp: async (original, file) => {
        const { stdout } = await run('npm', ['run', '--silent', 'db:backup', '--', file], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: original.dataDir },
        });
        expect(stdout).toMatch(/^Backed up .* \(integrity check: ok\)\.\n$/);
        expect(fs.statSync(file).mode & 0o777, 'the backup is readable by its owner only').toBe(0o600);
      },
      restore: async (original, file) => {
        const dataDir = newDataDir('sqlite-restored');
        fs.copyFileSync(file, path.join(dataDir, 'shopdesk.sqlite'));
        copyDataDirFiles(original.dataDir, dataDir);
        return { dataDir };
      },
    });
  }, 180_000);

  it('refuses to overwrite a file, and says to use pg_dump for PostgreSQL', async () => {
    const taken = path.join(scratch, 'taken');
    fs.writeFileSync(taken, 'an earlier backup');
    const dataDir = newDataDir('sqlite-refusals');
    const backUp = (env: Record<string, string>) =>
      run('npm', ['run', '--silent', 'db:backup', '--', taken], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
    const none = await backUp({});
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`Backup failed: no SQLite database at ${path.join(dataDir, 'shopdesk.sqlite')}`);
    const database = new SQLite(path.join(dataDir, 'shopdesk.sqlite'));
    database.exec('create table kept (value text)');
    database.close();
    const existing = await backUp({});
    expect(existing.code).toBe(1);
    expect(existing.stderr).toContain(`Backup failed: ${taken} already exists (a backup never overwrites a file)`);
    expect(fs.readFileSync(taken, 'utf8')).toBe('an earlier backup');
    const postgres = await backUp({ DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('pg_dump');
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('restore drill: PostgreSQL (pg_dump -Fc, pg_restore)', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });
  const newDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };

  it('restores into a new database and DATA_DIR a shop that serves the same data', async () => {
    await runDrill({
      original: await newDatabase(),
      backUp: async (original, file) => {
        await run('pg_dump', ['--format=custom', '--dbname', original.databaseUrl!, '--file', file]);
      },
      restore: async (original, file) => {
        const fresh = await newDatabase();
        await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', fresh.databaseUrl!, file]);
        copyDataDirFiles(original.dataDir, fresh.dataDir);
        return fresh;
      },
    });
  }, 180_000);
});
