import type SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { type Db, type Engine, rawSqliteOf } from '../create-db';
import type { Database } from '../schema';

type Row = Record<string, unknown>;
type TableName = keyof Database & string;

/**
 * Bulk loading for the seed. SQLite: one prepared INSERT run row by row on the raw
 * connection (no SQL text to build, no parameter limit), inside plain BEGIN/COMMIT.
 * PostgreSQL: `insert … select * from unnest($1::text[], …)`, one array per column, so
 * each statement carries tens of thousands of rows in a handful of parameters.
 * Nothing else may use the database while a load runs (the seed command, or start-up).
 */
export class BulkLoader {
  private readonly raw: SQLite.Database | undefined;
  private executor: Db | Transaction<Database>;
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly pgTypes = new Map<string, Map<string, string>>();

  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {
    this.raw = engine === 'sqlite' ? rawSqliteOf(db) : undefined;
    this.executor = db;
  }

  /** Runs `work` in one transaction; inserts inside it join that transaction. */
  async transaction(work: () => Promise<void>): Promise<void> {
    const raw = this.raw;
    if (raw) {
      raw.exec('begin');
      try {
        await work();
        raw.exec('commit');
      } catch (error) {
        if (raw.inTransaction) raw.exec('rollback');
        throw error;
      }
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      this.executor = trx;
      try {
        await work();
      } finally {
        this.executor = this.db;
      }
    });
  }

  async insert(table: TableName, rows: ReadonlyArray<Row>): Promise<void> {
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    if (this.raw) return this.insertSqlite(this.raw, table, columns, rows);
    if (this.engine === 'postgres') return this.insertPostgres(table, columns, rows);
    // SQLite without a raw handle: multi-row inserts under its 32,766 bind-parameter limit.
    const perBatch = Math.max(1, Math.floor(30_000 / columns.length));
    for (let i = 0; i < rows.length; i += perBatch) {
      await this.executor
        .insertInto(table)
        .values(rows.slice(i, i + perBatch) as never)
        .execute();
    }
  }

  /** Adds to summary counters that may already exist (name → value). */
  async addToCounters(values: Map<string, number>): Promise<void> {
    for (const [name, value] of values) {
      await this.executor
        .insertInto('counters')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + excluded.value` }))
        .execute();
    }
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
      statement.run(values);
    }
  }

  private async insertPostgres(table: string, columns: string[], rows: ReadonlyArray<Row>) {
    const types = await this.columnTypes(table);
    const perBatch = 20_000;
    for (let i = 0; i < rows.length; i += perBatch) {
      const batch = rows.slice(i, i + perBatch);
      const arrays = columns.map((column) => {
        const type = types.get(column);
        if (!type) throw new Error(`Unknown column ${table}.${column}`);
        return sql`${batch.map((row) => row[column] ?? null)}::${sql.raw(type)}[]`;
      });
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        select * from unnest(${sql.join(arrays)})`.execute(this.executor);
    }
  }

  private async columnTypes(table: string): Promise<Map<string, string>> {
    const known = this.pgTypes.get(table);
    if (known) return known;
    const result = await sql<{ column_name: string; type: string }>`select attname as column_name,
        format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(this.db);
    const types = new Map(result.rows.map((row) => [row.column_name, row.type]));
    this.pgTypes.set(table, types);
    return types;
  }
}
