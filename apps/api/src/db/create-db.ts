import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { ensurePrivateFile, makePrivateDir, tightenFile } from '../lib/private-files';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import { type Unit, WriteQueue } from './write-queue';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /**
   * Runs a unit of work in a transaction and resolves with its result once it is committed
   * (on disk): every write request goes through here. On SQLite, concurrent units share one
   * commit (write-queue.ts).
   */
  transaction<T>(unit: Unit<T>): Promise<T>;
  /**
   * A hot read by a statement whose text never holds a value (Kysely's compiled SQL of a fixed
   * shape), prepared once per connection: SQLite keeps every statement already (the statement
   * cache below); PostgreSQL gets a named statement, planned once per connection instead of at
   * every call.
   */
  prepared<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** SQLite: the better-sqlite3 connection behind `db`, for bulk loads (the seed). Not for request code. */
  sqlite?: SQLite.Database;
  /**
   * Runs `work` while no other server runs its own: start-up (migrations, the owner account,
   * the demo shop). PostgreSQL: a session-level advisory lock held on one connection of the pool
   * while `work` runs on the others, so servers starting at once on one database take turns.
   * SQLite: one process serves a database file, so `work` simply runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
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

/** Where a failure no caller hears about is reported. */
export type FailureLog = (error: unknown, what: string) => void;

/** The SQLite database of a DATA_DIR. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'shopdesk.sqlite');

export function createDb(options: DbOptions, log: FailureLog = reportToStderr): DbHandle {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  return createSqlite(sqliteFile(options.dataDir), log);
}

function reportToStderr(error: unknown, what: string) {
  process.stderr.write(`${what}: ${error instanceof Error ? error.message : String(error)}\n`);
}

function createSqlite(file: string, log: FailureLog): DbHandle {
  // The shop's data: the server's account only (SQLite would make the file, -wal and -shm 0644).
  makePrivateDir(path.dirname(file));
  ensurePrivateFile(file);
  tightenFile(`${file}-wal`);
  tightenFile(`${file}-shm`);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const writes = new WriteQueue(db, log);
  return {
    ...handleOf(db, 'sqlite'),
    transaction: (unit) => writes.run(unit),
    prepared: async (query) => (await db.executeQuery(query)).rows,
    sqlite: database,
    close: async () => {
      await writes.idle();
      await db.destroy();
    },
  };
}

/** Statements kept per connection: the app's queries are a fixed few hundred shapes. */
const keptStatements = 2000;

/**
 * Kysely prepares every query anew; on a small query preparing costs as much as running it.
 * This is the `database` Kysely's SqliteDialect is given (its documented SqliteDatabase
 * interface): the same SQL text reuses its prepared statement. A statement still being
 * iterated is busy: that call gets a fresh one.
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const known = statements.get(text);
      if (known && !known.busy) return known;
      const statement = database.prepare(text);
      if (statements.size >= keptStatements) statements.delete(statements.keys().next().value as string);
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
  const running = new Set<Promise<unknown>>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `hot${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    ...handleOf(db, 'postgres'),
    prepared: async (query) =>
      (await pool.query({ name: nameOf(query.sql), text: query.sql, values: [...query.parameters] })).rows,
    // PostgreSQL commits each transaction itself and groups concurrent commits.
    transaction: (unit) => {
      const done = db.transaction().execute(unit);
      const forget = () => running.delete(done);
      running.add(done);
      done.then(forget, forget);
      return done;
    },
    close: async () => {
      await Promise.allSettled([...running]);
      await db.destroy();
    },
  };
}

/** Our start-up lock's key (any constant of ours: Kysely's migration lock has its own). */
const startupLockKey = 7_362_014_117;

async function exclusively<T>(db: Db, engine: Engine, work: () => Promise<T>): Promise<T> {
  if (engine !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${startupLockKey})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${startupLockKey})`.execute(connection);
    }
  });
}

function handleOf(db: Db, engine: Engine): Omit<DbHandle, 'transaction' | 'prepared'> {
  return {
    db,
    engine,
    exclusively: (work) => exclusively(db, engine, work),
    ping: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
    close: () => db.destroy(),
  };
}

/**
 * Applies every pending migration; throws with the failing migration's error. Safe with several
 * servers starting at once on PostgreSQL: Kysely's Migrator creates its tables tolerating a
 * concurrent creator, then holds a PostgreSQL advisory lock (pg_advisory_lock) while it reads
 * which migrations ran and runs the rest in one transaction, so each runs once
 * (test/instances.test.ts starts three servers on an empty database).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
