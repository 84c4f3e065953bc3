import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle, migrateToLatest } from '../src/db/create-db';

/**
 * A fresh database per test app: a temporary SQLite file, or, when DATABASE_URL is set
 * (CI's second pass), a new PostgreSQL database made for it and dropped afterwards.
 * DATA_DIR is a folder inside a temporary folder of its own, so a test can tell that nothing
 * was written beside DATA_DIR (the system's temporary folder changes under parallel tests).
 */
export async function createTestDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-test-'));
  const dataDir = path.join(home, 'data');
  fs.mkdirSync(dataDir);
  const removeFiles = () => fs.rmSync(home, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (!base) return { dataDir, drop: async () => removeFiles() };
  const name = `shopdesk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      removeFiles();
    },
  };
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A fresh database with every migration applied, and its handle (tests of the data layer itself). */
export async function createMigratedDatabase(): Promise<{ database: TestDatabase; handle: DbHandle }> {
  const database = await createTestDatabase();
  const handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  await migrateToLatest(handle.db);
  return { database, handle };
}
