import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Engine } from '../create-db';
import type { Database } from '../schema';

type Row = Record<string, unknown>;
export type TableName = keyof Database & string;

/**
 * Statements that fill a full-text index from its content table, for tables loaded with
 * their triggers set aside (SQLite: the FTS5 index of products, kept by triggers otherwise).
 */
const sqliteRebuilds: Partial<Record<TableName, string>> = {
  products: `insert into products_fts(products_fts) values ('rebuild')`,
};

/** COPY text format: backslash, tab, newline and carriage return are escaped; null is \N. */
const copySpecial = /[\\\t\n\r]/;
const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value : String(value);
  return copySpecial.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => copyEscapes[c] as string) : text;
}

/** Rows per COPY data message (PostgreSQL), so no single string gets very large. */
const copyChunk = 5000;
/**
 * COPY text queued on the connection, at most, while the next rows are made (characters): the
 * caller runs that far ahead of the server (e.g. makes orders while it indexes products).
 */
const queuedTextLimit = 256 * 1024 * 1024;

/**
 * Bulk loading for the seed. Nothing else may write to the database while a load runs (the
 * seed command, or start-up on an empty shop).
 *
 * SQLite: one prepared INSERT run row by row on the raw connection (no SQL text to build, no
 * parameter limit), inside plain BEGIN/COMMIT.
 *
 * PostgreSQL: COPY, on a connection of its own. Inside a transaction every statement is queued
 * and run in order while the caller goes on making rows (a few COPY statements ahead at most):
 * the server ingests and builds indexes while Node generates.
 *
 * `transaction(work, loads)`: the tables in `loads` are filled in bulk. Their secondary
 * indexes, triggers and (PostgreSQL) keys and foreign keys are set aside at the start and
 * made again, with the same names and definitions, once `loaded()` says the tables are full
 * (or at the end), in the same transaction: an index built once over all rows costs a
 * fraction of one kept up row by row, and SQLite's FTS5 index is rebuilt in one pass. Both
 * engines change their schema transactionally: a load that fails or is cut off leaves the
 * tables and their indexes as they were. On PostgreSQL, when every loaded table is empty, they
 * are truncated in that transaction and loaded with COPY … FREEZE: rows are written frozen and
 * the visibility map is set as they are (no VACUUM pass needed for index-only scans).
 */
export class BulkLoader {
  private readonly raw: SQLite.Database | undefined;
  private readonly statements = new Map<string, SQLite.Statement>();
  private client: pg.Client | undefined;
  /** The last statement queued on the PostgreSQL connection: the next one starts after it. */
  private tail: Promise<void> = Promise.resolve();
  /** COPY statements queued and not yet finished, with their text's length. */
  private inFlight: Array<{ done: Promise<void>; size: number }> = [];
  private queuedText = 0;
  /** The first queued statement's error: thrown at the caller's next step. */
  private failure: unknown;
  /** Tables truncated in the open transaction: COPY … FREEZE (PostgreSQL). */
  private readonly frozen = new Set<string>();
  /** Statements that make set-aside objects again, each with the tables that must be full first. */
  private remakes: Array<{ tables: string[]; statement: string }> = [];
  private inTransaction = false;

  /** `sqlite`: the better-sqlite3 connection behind `db` (DbHandle.sqlite), which SQLite loads go through. */
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly databaseUrl?: string,
    sqlite?: SQLite.Database,
  ) {
    this.raw = engine === 'sqlite' ? sqlite : undefined;
    if (engine === 'sqlite' && !sqlite) throw new Error('A SQLite bulk load needs the database connection');
    if (engine === 'postgres' && !databaseUrl) throw new Error('A PostgreSQL bulk load needs the database URL');
  }

  /** Runs `work` in one transaction; inserts inside it join that transaction. See the class for `loads`. */
  async transaction(work: () => Promise<void>, loads: TableName[] = []): Promise<void> {
    if (this.inTransaction) throw new Error('Bulk load transactions do not nest');
    this.inTransaction = true;
    try {
      if (this.engine === 'postgres') await this.transactionPostgres(work, loads);
      else await this.transactionSqlite(work, loads);
    } finally {
      this.inTransaction = false;
      this.remakes = [];
    }
  }

  /**
   * These loaded tables have all their rows: their indexes, triggers and keys are made again
   * now (queued on PostgreSQL: the caller goes on while the server builds them).
   */
  async loaded(tables: TableName[]): Promise<void> {
    const full = new Set(tables);
    const ready = this.remakes.filter((remake) => remake.tables.every((table) => full.has(table as TableName)));
    this.remakes = this.remakes.filter((remake) => !ready.includes(remake));
    for (const { statement } of ready) {
      if (this.engine === 'postgres') await this.queue((client) => client.query(statement));
      else this.raw?.exec(statement);
    }
  }

  async insert(table: TableName, rows: ReadonlyArray<Row>): Promise<void> {
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    if (this.engine === 'postgres') return this.copyPostgres(table, columns, rows);
    if (this.raw) return this.insertSqlite(this.raw, table, columns, rows);
    // SQLite without a raw handle: multi-row inserts under its 32,766 bind-parameter limit.
    const perBatch = Math.max(1, Math.floor(30_000 / columns.length));
    for (let i = 0; i < rows.length; i += perBatch) {
      await this.db
        .insertInto(table)
        .values(rows.slice(i, i + perBatch) as never)
        .execute();
    }
  }

  /** Adds to summary counters that may already exist (name → value). */
  async addToCounters(values: Map<string, number>): Promise<void> {
    for (const [name, value] of values) {
      if (this.engine === 'postgres') {
        await this.queue((client) =>
          client.query(
            'insert into counters (name, value) values ($1, $2) on conflict (name) do update set value = counters.value + excluded.value',
            [name, value],
          ),
        );
        continue;
      }
      await this.db
        .insertInto('counters')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + excluded.value` }))
        .execute();
    }
  }

  /** Ends the loader's own PostgreSQL connection. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.end();
  }

  private async transactionSqlite(work: () => Promise<void>, loads: TableName[]) {
    const raw = this.raw;
    if (!raw) return work();
    // Loaded tables' foreign keys are checked once at the end (one pass per table, not a
    // look-up per row). The setting only changes outside a transaction.
    const foreignKeys = Number(raw.pragma('foreign_keys', { simple: true }));
    if (loads.length > 0) raw.pragma('foreign_keys = OFF');
    raw.exec('begin');
    try {
      this.setAsideSqlite(raw, loads);
      await work();
      await this.loaded(loads);
      if (foreignKeys) {
        for (const table of loads) {
          const broken = raw.prepare(`pragma foreign_key_check("${table}")`).all();
          if (broken.length > 0) throw new Error(`Bulk load broke ${broken.length} foreign keys of ${table}`);
        }
      }
      raw.exec('commit');
    } catch (error) {
      if (raw.inTransaction) raw.exec('rollback');
      throw error;
    } finally {
      raw.pragma(`foreign_keys = ${foreignKeys}`);
    }
  }

  /** Drops the loaded tables' secondary indexes and triggers, and keeps the statements that make them again. */
  private setAsideSqlite(raw: SQLite.Database, loads: TableName[]) {
    if (loads.length === 0) return;
    const objects = raw
      .prepare(
        `select type, name, tbl_name as "table", sql from sqlite_master
          where type in ('index', 'trigger') and sql is not null
          and tbl_name in (${loads.map(() => '?').join(', ')}) order by rowid`,
      )
      .all(...loads) as Array<{ type: 'index' | 'trigger'; name: string; table: string; sql: string }>;
    for (const object of objects) raw.exec(`drop ${object.type} "${object.name}"`);
    // Per table: its full-text index first (its triggers are still set aside), then indexes, then triggers.
    this.remakes = loads.flatMap((table) => [
      ...(sqliteRebuilds[table] ? [{ tables: [table], statement: sqliteRebuilds[table] }] : []),
      ...objects
        .filter((o) => o.table === table && o.type === 'index')
        .map((o) => ({ tables: [table], statement: o.sql })),
      ...objects
        .filter((o) => o.table === table && o.type === 'trigger')
        .map((o) => ({ tables: [table], statement: o.sql })),
    ]);
  }

  private insertSqlite(raw: SQLite.Database, table: string, columns: string[], rows: ReadonlyArray<Row>) {
    const key = `${table}(${columns.join(',')})`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = raw.prepare(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      this.statements.set(key, statement);
    }
    const values = new Array<unknown>(columns.length);
    for (const row of rows) {
      for (let c = 0; c < columns.length; c += 1) values[c] = row[columns[c] as string] ?? null;
      // Spread: better-sqlite3 binds separate arguments ~20% faster than one array.
      statement.run(...values);
    }
  }

  private async pg(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    this.client = client;
    return client;
  }

  private async transactionPostgres(work: () => Promise<void>, loads: TableName[]) {
    const client = await this.pg();
    await client.query('begin');
    try {
      // One commit at the end; index builds get room to sort in memory.
      await client.query('set local synchronous_commit = off');
      await client.query(`set local maintenance_work_mem = '512MB'`);
      await this.setAsidePostgres(client, loads);
      await work();
      await this.loaded(loads);
      await this.drain();
      await client.query('commit');
    } catch (error) {
      await this.drain().catch(() => {});
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      this.frozen.clear();
    }
  }

  /**
   * When every loaded table is empty: truncates them (so COPY may write frozen rows), drops
   * their foreign keys (and those pointing at them), keys and indexes, and keeps the
   * statements that make them again: keys first, foreign keys last.
   */
  private async setAsidePostgres(client: pg.Client, loads: TableName[]) {
    if (loads.length === 0) return;
    for (const table of loads) {
      const { rowCount } = await client.query(`select 1 from "${table}" limit 1`);
      // Rows already there: plain COPY into the tables as they are.
      if (rowCount) return;
    }
    await client.query(`truncate ${loads.map((t) => `"${t}"`).join(', ')}`);
    for (const table of loads) this.frozen.add(table);
    const tables = loads.map((t) => `"${t}"`);
    const constraints = await client.query<{
      name: string;
      table: string;
      target: string | null;
      type: string;
      definition: string;
    }>(
      `select conname as name, conrelid::regclass::text as table, confrelid::regclass::text as target,
          contype as type, pg_get_constraintdef(oid) as definition
        from pg_constraint
        where contype in ('p', 'u', 'f') and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))
        order by oid`,
      [tables],
    );
    const indexes = await client.query<{ name: string; table: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table,
          pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint c
          where c.conrelid = i.indrelid and c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
        order by i.indexrelid`,
      [tables],
    );
    const foreign = constraints.rows.filter((c) => c.type === 'f');
    const keys = constraints.rows.filter((c) => c.type !== 'f');
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    for (const c of [...foreign, ...keys])
      await client.query(`alter table ${c.table} drop constraint ${quoted(c.name)}`);
    for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
    // regclass::text quotes a name only when it must (the loaded tables' names never need it).
    const owners = (c: { table: string; target?: string | null }) =>
      [c.table, c.target].filter((name): name is string => loads.includes(name as TableName));
    const add = (c: { name: string; table: string; definition: string }) =>
      `alter table ${c.table} add constraint ${quoted(c.name)} ${c.definition}`;
    this.remakes = [
      ...keys.map((c) => ({ tables: owners(c), statement: add(c) })),
      ...indexes.rows.map((index) => ({ tables: owners(index), statement: index.definition })),
      ...foreign.map((c) => ({ tables: owners(c), statement: add(c) })),
    ];
  }

  /**
   * Queues a statement on the PostgreSQL connection after the ones before it. Outside a
   * transaction it is waited for; inside, only when more COPY text than `queuedTextLimit`
   * waits (the caller makes the next rows meanwhile).
   */
  private async queue(run: (client: pg.Client) => Promise<unknown>, size = 0): Promise<void> {
    const client = await this.pg();
    if (this.failure) throw this.failure;
    const done = this.tail.then(async () => {
      if (this.failure === undefined) await run(client);
    });
    // Recorded here (a rejection nobody waits for yet must not end the process); thrown at the next step.
    this.tail = done.catch((error) => {
      this.failure ??= error;
    });
    if (!this.inTransaction) return this.drain();
    if (size === 0) return;
    this.inFlight.push({ done: this.tail, size });
    this.queuedText += size;
    while (this.queuedText > queuedTextLimit) {
      const oldest = this.inFlight.shift();
      if (!oldest) break;
      await oldest.done;
      this.queuedText -= oldest.size;
    }
    if (this.failure) throw this.failure;
  }

  /** Waits for every queued statement; throws the first one's error (and forgets it). */
  private async drain(): Promise<void> {
    this.inFlight = [];
    this.queuedText = 0;
    await this.tail;
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
  }

  /** Sends the rows as one COPY (queued, see `queue`). */
  private async copyPostgres(table: string, columns: string[], rows: ReadonlyArray<Row>) {
    const freeze = this.frozen.has(table) ? ' with (freeze)' : '';
    const statement = `copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from stdin${freeze}`;
    const chunks: string[] = [];
    let size = 0;
    const values = new Array<string>(columns.length);
    for (let i = 0; i < rows.length; i += copyChunk) {
      const lines: string[] = [];
      const end = Math.min(rows.length, i + copyChunk);
      for (let r = i; r < end; r += 1) {
        const row = rows[r] as Row;
        for (let c = 0; c < columns.length; c += 1) values[c] = copyValue(row[columns[c] as string]);
        lines.push(values.join('\t'));
      }
      lines.push('');
      const text = lines.join('\n');
      size += text.length;
      chunks.push(text);
    }
    await this.queue(
      (client) =>
        new Promise<void>((resolve, reject) => {
          const stream = client.query(copyFrom(statement));
          stream.on('finish', resolve);
          stream.on('error', reject);
          for (const chunk of chunks) stream.write(chunk);
          stream.end();
        }),
      size,
    );
  }
}
