import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../test-app';

const limitTables = new Set(['throttles', 'request_counts']);

/** Every table of the app's database (search indexes and migration bookkeeping included). */
async function tableNames(t: TestApp): Promise<string[]> {
  const { db, engine } = t.app.ctx;
  const rows =
    engine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  // SQLite's full-text index keeps shadow tables (products_fts_data, …) behind products_fts itself.
  // The shared throttle and request counts (db/shared-limits.ts) are meant to change on a refusal:
  // they count refused sign-ins and requests, and hold no record of the shop.
  return rows.rows
    .map((row) => row.name)
    .filter((name) => !/_fts_(data|idx|docsize|config|content)$/.test(name))
    .filter((name) => !limitTables.has(name))
    .sort();
}

async function sqliteRows(t: TestApp, names: string[]): Promise<string[][]> {
  return Promise.all(
    names.map(async (name) => {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.app.ctx.db);
      return result.rows
        .map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)))
        .sort();
    }),
  );
}

/** One round trip: each table's rows as JSON text, in a stable order. */
async function postgresRows(t: TestApp, names: string[]): Promise<string[][]> {
  const columns = names.map(
    (name, index) =>
      sql`(select coalesce(json_agg(row_to_json(r)::text order by row_to_json(r)::text), '[]') from ${sql.table(name)} r) as ${sql.ref(`t${index}`)}`,
  );
  const result = await sql<Record<string, string[] | string>>`select ${sql.join(columns)}`.execute(t.app.ctx.db);
  const row = result.rows[0] ?? {};
  return names.map((_name, index) => {
    const value = row[`t${index}`] ?? [];
    return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
  });
}

let cachedTables: { app: unknown; names: string[] } | undefined;

/** Files under DATA_DIR/uploads (relative names and sizes), sorted. */
export function uploadedFiles(t: TestApp): string[] {
  const root = t.config.uploadsDir;
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(`${path.relative(root, full)}:${fs.statSync(full).size}`);
    }
  };
  walk(root);
  return found.sort();
}

/**
 * A digest of the whole state a request could change: every row of every table (rows as JSON,
 * sorted, so no primary key is needed) plus the files under the uploads folder. `counts` names
 * the rows per table, for a readable failure.
 */
export async function stateChecksum(t: TestApp): Promise<{ digest: string; counts: Record<string, number> }> {
  if (cachedTables?.app !== t.app) cachedTables = { app: t.app, names: await tableNames(t) };
  const names = cachedTables.names;
  const tables = t.app.ctx.engine === 'postgres' ? await postgresRows(t, names) : await sqliteRows(t, names);
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  names.forEach((name, index) => {
    // A refused sign-in is itself logged (api.md §11: `signin_failed`), as the throttle counts it:
    // those entries record the refusal, not a change to the shop.
    const rows = (tables[index] ?? []).filter(
      (row) => name !== 'activity' || !row.includes('"action":"signin_failed"'),
    );
    counts[name] = rows.length;
    hash.update(`${name}\n${rows.join('\n')}\n`);
  });
  hash.update(uploadedFiles(t).join('\n'));
  return { digest: hash.digest('hex'), counts };
}
