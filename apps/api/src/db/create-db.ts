import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL sends int8 (count(*), sums) as text; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

// The better-sqlite3 connection behind each SQLite Kysely instance, for bulk loads that
// bypass the query builder (the seed). Not for request code: that goes through Kysely.
const rawConnections = new WeakMap<Db, SQLite.Database>();

export function rawSqliteOf(db: Db): SQLite.Database | undefined {
  return rawConnections.get(db);
}

export function createDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  return createSqlite(path.join(options.dataDir, 'shopdesk.sqlite'));
}

function createSqlite(file: string): DbHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  rawConnections.set(db, database);
  return handleOf(db, 'sqlite');
}

/**
 * Kysely prepares every query anew; on a small query preparing costs as much as running it.
 * The same SQL text reuses its statement (a bounded set: the app's queries are a fixed few
 * hundred shapes). A statement still being iterated is busy: that call gets a fresh one.
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const known = statements.get(text);
      if (known && !known.busy) return known;
      const statement = database.prepare(text);
      if (statements.size >= 2000) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
      return statement;
    },
    close: () => database.close(),
  };
}

function createPostgres(connectionString: string): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Fail fast when the database is down: requests become quick 503s, not hangs.
    connectionTimeoutMillis: 3000,
    statement_timeout: 15000,
    query_timeout: 20000,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return handleOf(db, 'postgres');
}

function handleOf(db: Db, engine: Engine): DbHandle {
  return {
    db,
    engine,
    ping: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
    close: () => db.destroy(),
  };
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
