import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import postgres from 'postgres';
import { answerBuffers, type Finish, finishBytes } from './finish';
import { migrations } from './migrations/index';
import { ringSocket } from './ring-socket';
import type { Database } from './schema';
import { SqliteReader } from './sqlite-reader';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** Where the writes stand now: a request takes a mark when it comes in (SQLite group commit, below). */
  mark(): number;
  /**
   * Resolves once every write made since `since` (a mark; default: since start) is on disk,
   * rejects when one of them was lost; undefined when nothing is waiting. The server sends no
   * answer before it resolves.
   */
  durable(since?: number): Promise<void> | undefined;
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
  const raw = rawConnections.get(db);
  // Bulk loads run their own transactions: the shared one is committed first.
  groupCommits.get(db)?.flush();
  return raw;
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
  const group = new GroupCommit(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database, group) }) });
  rawConnections.set(db, database);
  groupCommits.set(db, group);
  const reader = new SqliteReader(file);
  readers.set(db, reader);
  const handle = handleOf(db, 'sqlite');
  return {
    ...handle,
    mark: () => group.mark(),
    durable: (since) => group.durable(since),
    close: async () => {
      await reader.close();
      group.flush();
      await handle.close();
    },
  };
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/** What better-sqlite3's `run` gives Kysely for the transaction statements we take over. */
const noRows = { changes: 0, lastInsertRowid: 0 };

/**
 * Group commit. With synchronous=FULL every commit waits for the disk (an fsync of the WAL,
 * 1–3 ms here), and the single connection runs one transaction at a time: ten clients saving
 * orders would queue behind each other's fsyncs. Instead, transactions that run back to back
 * share one real transaction and one fsync, and nothing is acknowledged before it is on disk:
 *
 * - Kysely's `begin` opens the shared transaction when none is open, then a savepoint; its
 *   `commit` releases the savepoint; its `rollback` rolls back to it (only that transaction's
 *   changes are undone). Kysely runs one transaction at a time on the connection, so at most
 *   one savepoint is open.
 * - The shared transaction commits when no savepoint is open: at once when it is 2 ms old or
 *   holds 64 transactions, otherwise after the work already queued (setImmediate).
 * - Shared transactions are numbered. A request takes a `mark()` when it comes in; before its
 *   answer goes out, `durable(mark)` waits for the shared transaction that may hold its writes
 *   (or its reads of others' writes), and rejects when any shared transaction since the mark
 *   failed to commit or was rolled back whole: an answer means what it wrote is on disk.
 * - A transaction whose own commit ran the failing shared COMMIT fails with its error.
 */
class GroupCommit {
  private open = false;
  private inSavepoint = false;
  /** Number of the open (or last) shared transaction. */
  private generation = 0;
  private failedGeneration = -1;
  private failure: unknown;
  private openedAt = 0;
  private members = 0;
  private scheduled = false;
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly database: SQLite.Database) {}

  begin() {
    if (!this.open) {
      this.database.exec('begin');
      this.open = true;
      this.generation += 1;
      this.openedAt = performance.now();
      this.members = 0;
    }
    this.database.exec('savepoint grouped');
    this.inSavepoint = true;
    this.members += 1;
  }

  commit() {
    this.database.exec('release grouped');
    this.inSavepoint = false;
    const error = this.afterTransaction();
    if (error !== undefined) throw error;
  }

  rollback() {
    this.inSavepoint = false;
    if (!this.open) return;
    try {
      this.database.exec('rollback to grouped');
      this.database.exec('release grouped');
    } catch (error) {
      // SQLite already rolled the whole shared transaction back (some errors do): every write in
      // it is lost, and every request that may hold one is told so.
      if (!this.database.inTransaction) {
        return void this.settle(new Error('The database rolled back a transaction whole; its writes were not saved'));
      }
      throw error;
    }
    this.afterTransaction();
  }

  mark(): number {
    return this.open ? this.generation : this.generation + 1;
  }

  durable(since = 0): Promise<void> | undefined {
    if (this.failedGeneration >= since) return Promise.reject(this.failure);
    if (!this.open) return undefined;
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Commits the shared transaction now, unless a transaction is still inside it; the commit's error, if any. */
  flush(): unknown {
    if (!this.open || this.inSavepoint) return undefined;
    try {
      this.database.exec('commit');
      this.settle(undefined);
      return undefined;
    } catch (error) {
      if (this.database.inTransaction) this.database.exec('rollback');
      this.settle(error);
      return error;
    }
  }

  private afterTransaction(): unknown {
    if (performance.now() - this.openedAt >= 2 || this.members >= 64) return this.flush();
    if (this.scheduled) return undefined;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
    return undefined;
  }

  private settle(error: unknown) {
    this.open = false;
    if (error !== undefined) {
      this.failedGeneration = this.generation;
      this.failure = error;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }
}

/**
 * Kysely prepares every query anew; on a small query preparing costs as much as running it.
 * The same SQL text reuses its statement (a bounded set: the app's queries are a fixed few
 * hundred shapes). A statement still being iterated is busy: that call gets a fresh one.
 */
function withStatementCache(database: SQLite.Database, group: GroupCommit) {
  const statements = new Map<string, SQLite.Statement>();
  const statement = (run: () => void): SqliteStatement => ({
    reader: false,
    run: () => {
      run();
      return noRows;
    },
    all: () => [],
    iterate: () => [][Symbol.iterator](),
  });
  const grouped = {
    begin: statement(() => group.begin()),
    commit: statement(() => group.commit()),
    rollback: statement(() => group.rollback()),
  };
  return {
    prepare(text: string) {
      if (text === 'begin' || text === 'commit' || text === 'rollback') return grouped[text];
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
  const settings = {
    connectionString,
    // Fail fast when the database is down: requests become quick 503s, not hangs.
    connectionTimeoutMillis: 3000,
    statement_timeout: 15000,
    query_timeout: 20000,
  };
  const pool = new pg.Pool({ ...settings, max: 10 });
  const ignore = () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  };
  pool.on('error', ignore);
  // See hotRead: a client of its own for the hottest reads, on one connection.
  const plain = plainTcpTarget(connectionString);
  const hot = postgres(connectionString, {
    max: 1,
    connect_timeout: 3,
    fetch_types: false,
    onnotice: ignore,
    connection: { plan_cache_mode: 'force_generic_plan', statement_timeout: settings.statement_timeout },
    // Its reads into a reused ring of buffers (ring-socket.ts), on a plain TCP connection.
    ...(plain ? { socket: () => ringSocket(plain.host, plain.port) } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  hotClients.set(db, hot);
  const handle = handleOf(db, 'postgres');
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await hot.end({ timeout: 1 });
    },
  };
}

/**
 * One host and port, without TLS, from a `postgres://` URL: where the page reader may use a
 * ring socket. Undefined for anything else (several hosts, a Unix socket, TLS asked for),
 * which postgres.js connects to itself.
 */
export function plainTcpTarget(connectionString: string): { host: string; port: number } | undefined {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return undefined;
  }
  const ssl = url.searchParams.get('sslmode') ?? url.searchParams.get('ssl');
  if ((ssl && ssl !== 'disable' && ssl !== 'false') || url.searchParams.has('host')) return undefined;
  if (!url.hostname || url.host.includes(',')) return undefined;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host: decodeURIComponent(host), port: url.port ? Number(url.port) : 5432 };
}

const hotClients = new WeakMap<Db, postgres.Sql>();
const readers = new WeakMap<Db, SqliteReader>();

/**
 * A read the API runs far more often than any other, with a fixed shape (a product list page:
 * `text` never holds a value, only placeholders).
 *
 * PostgreSQL: on a client of its own (postgres.js) and one connection. It prepares each text
 * once, and the session keeps one generic plan per statement: planning a one-page index read
 * anew cost more than running it. The reads of concurrent requests go down the connection
 * together (pipelining): fewer system calls and wake-ups for both processes than
 * node-postgres' one query per connection at a time (measured with 50 concurrent page reads:
 * server CPU 90 → 55 µs a read, PostgreSQL's 160 → 120 µs). One connection, not four: one
 * backend runs ~10,000 page reads a second, and on a 2-core machine four backends only took
 * turns on the cores with the server (list pages under load: 3,500 → 5,000 a second; also,
 * postgres.js searches its queue of busy connections linearly, a queue that grows while they
 * stay busy). With a `finish`, the row comes as bytes and the answer is made from them
 * (finish.ts). Over plain TCP its reads land in a reused ring of buffers (ring-socket.ts): no
 * new buffer per read nor per row. Only shapes whose best plan does not depend on the values
 * belong here (an index walk in the index's own order).
 *
 * SQLite: through Kysely's connection queue (its statements are already kept, see
 * withStatementCache), or, with `committedOnly`, on the worker thread's connection
 * (sqlite-reader.ts), which sees only committed writes: for answers nobody keeps; there a
 * `finish` makes the answer's bytes too. (PostgreSQL reads see only committed writes on every
 * connection.) Without a `body` in the result, the caller makes the answer from the rows.
 */
export async function hotRead<R>(
  db: Db,
  text: string,
  values: readonly unknown[],
  options: { committedOnly?: boolean; finish?: Finish } = {},
): Promise<{ rows: R[]; body?: Buffer }> {
  const hot = hotClients.get(db);
  if (hot) {
    const query = hot.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
    if (!options.finish) return { rows: (await query) as unknown as R[] };
    return finishedRow<R>(await query.raw(), options.finish);
  }
  const elsewhere = options.committedOnly ? readers.get(db)?.read<R>(text, values, options.finish) : undefined;
  if (elsewhere) {
    try {
      return await elsewhere;
    } catch {
      // The worker failed (or the read did): read on the main connection, which says why if it fails too.
    }
  }
  return { rows: (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows };
}

/** The answer's bytes from a one-row read's raw values; the other columns come back as text (the finished one null). */
function finishedRow<R>(result: postgres.RawRowList<postgres.Row[]>, finish: Finish) {
  const at = result.columns.findIndex((column) => column.name === finish.column);
  const only = result.length === 1 ? result[0] : undefined;
  const rows = result.map((values) => {
    const row: Record<string, string | null> = {};
    result.columns.forEach((column, i) => {
      row[column.name] = only && i === at ? null : (values[i]?.toString() ?? null);
    });
    return row as R;
  });
  if (!only) return { rows };
  const into = answerBuffers.take();
  const body = finishBytes(only[at] ?? Buffer.alloc(0), finish, into);
  if (body.buffer !== into) answerBuffers.give(into);
  return { rows, body };
}

function handleOf(db: Db, engine: Engine): DbHandle {
  return {
    db,
    engine,
    // PostgreSQL commits each transaction itself (and groups concurrent commits).
    mark: () => 0,
    durable: () => undefined,
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
