import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { engineName } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/**
 * The database file, its write-ahead log and shared memory, and the generated JWT secret are
 * the shop's data and its signing key: only the account the server runs as may read them (0600),
 * and the folders the server makes for them are its own (0700).
 */
describe(`files the server creates in DATA_DIR (${engineName})`, () => {
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await database?.drop();
  });

  async function start(dataDir: string) {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ADMIN_EMAIL: 'owner@shop.test',
      ADMIN_PASSWORD: 'owner-password-1',
      SEED: 'none',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config, { sweep: false, logger: false });
    await app.ready();
    close = () => app.close();
    return app;
  }

  it('are 0600, in folders of 0700, on a fresh DATA_DIR', async () => {
    database = await createTestDatabase();
    // A DATA_DIR that does not exist yet: the server makes it, and the uploads folder in it.
    const dataDir = path.join(database.dataDir, 'fresh', 'data');
    await start(dataDir);
    const files: Record<string, number> = { 'jwt-secret': 0o600 };
    if (engineName === 'sqlite') {
      Object.assign(files, { 'shopdesk.sqlite': 0o600, 'shopdesk.sqlite-wal': 0o600, 'shopdesk.sqlite-shm': 0o600 });
    }
    const found: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [name, mode] of Object.entries(files)) {
      found[name] = octal(modeOf(path.join(dataDir, name)));
      expected[name] = octal(mode);
    }
    for (const folder of [dataDir, path.join(database.dataDir, 'fresh'), path.join(dataDir, 'uploads')]) {
      found[folder] = octal(modeOf(folder));
      expected[folder] = '0700';
    }
    expect(found).toEqual(expected);
  });

  it('tightens a database file and secret an older version left readable by others', async () => {
    database = await createTestDatabase();
    const dataDir = database.dataDir;
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'an-older-secret-that-is-long-enough-0123456789', {
      mode: 0o644,
    });
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    if (engineName === 'sqlite') {
      fs.writeFileSync(path.join(dataDir, 'shopdesk.sqlite'), '');
      fs.chmodSync(path.join(dataDir, 'shopdesk.sqlite'), 0o644);
    }
    await start(dataDir);
    expect(octal(modeOf(path.join(dataDir, 'jwt-secret')))).toBe('0600');
    if (engineName === 'sqlite') {
      for (const name of ['shopdesk.sqlite', 'shopdesk.sqlite-wal', 'shopdesk.sqlite-shm']) {
        expect(octal(modeOf(path.join(dataDir, name))), name).toBe('0600');
      }
    }
    // An operator's own DATA_DIR keeps the mode it was given.
    expect(octal(modeOf(dataDir))).toBe(octal(0o777 & ~process.umask()));
  });
});
