import {
  type ActivityEntity,
  type BannerFamily,
  bannerFamilyNames,
  optionEntity,
  optionFamilyNames,
} from '@shopdesk/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/schema';

/** A record as the activity log sees it: its name and its fields (camelCase, secrets hidden). */
export interface RecordSnapshot {
  name: string;
  fields: Record<string, unknown>;
}

/** What a secret field shows in an entry: that it changed, never its value. */
export const hiddenValue = '[hidden]';

/**
 * Where each kind of record lives. One generic reader serves them all: the row by its id
 * (and family), with the columns below left out or hidden. Left out: ids, keys kept for
 * uniqueness, and the times the entry carries itself.
 */
interface RecordKind {
  table: keyof Database;
  /** The family column's value, for the tables that hold several families. */
  family?: string;
  /** The column that names the record in an entry. */
  nameColumn: string;
}

const optionKinds = Object.fromEntries(
  optionFamilyNames.map((family) => [optionEntity(family), { table: 'option_values', family, nameColumn: 'value' }]),
) as Record<ReturnType<typeof optionEntity>, RecordKind>;

const bannerKinds = Object.fromEntries(
  bannerFamilyNames.map((family) => [family, { table: 'banners', family, nameColumn: 'cat_name' }]),
) as Record<BannerFamily, RecordKind>;

const kinds: Record<ActivityEntity, RecordKind> = {
  product: { table: 'products', nameColumn: 'name' },
  category: { table: 'categories', nameColumn: 'name' },
  order: { table: 'orders', nameColumn: 'name' },
  user: { table: 'users', nameColumn: 'name' },
  role: { table: 'roles', nameColumn: 'name' },
  view: { table: 'saved_views', nameColumn: 'name' },
  ...optionKinds,
  ...bannerKinds,
};

const leftOut = new Set([
  'id',
  'family',
  'created_at',
  'updated_at',
  'name_key',
  'value_key',
  'parent_key',
  'totp_last_step',
  // PostgreSQL's search vector of a product (a generated column): the server's, not a field.
  'search',
]);
const secret = new Set(['password_hash', 'totp_secret', 'totp_pending_secret', 'token_hash']);

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Lists and objects kept as JSON text (images, option lists) are compared and shown as values. */
function fieldValue(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * `hold`: the rows stay locked until the change commits (`for update`; the recorder asks for it
 * on PostgreSQL, for the read before a change). Without it, two requests changing one record at
 * once could both read it before either had written, and the second's entry would show the
 * first one's starting value as its own "before".
 */
const holdClause = (hold: boolean) => (hold ? sql` for update` : sql``);

/** One row of `table` by id (and family), held or not. */
async function rowById(db: Db, table: string, id: string, family: string | undefined, hold: boolean) {
  const ofFamily = family === undefined ? sql`` : sql` and family = ${family}`;
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id = ${id}${ofFamily}${holdClause(hold)}`.execute(db);
  return rows[0];
}

/**
 * The table of a kind whose record is its row and nothing else, so that a snapshot can be made
 * from the row alone (snapshotOfRow); undefined for roles (their permissions are rows of their
 * own) and accounts (an invitation stands for the account to be).
 */
export function tableOfRecord(entity: ActivityEntity): keyof Database | undefined {
  return entity === 'role' || entity === 'user' ? undefined : kinds[entity].table;
}

/** The row of a record of such a kind (tableOfRecord), by id, held or not; undefined when there is none. */
export function readRecordRow(db: Db, entity: ActivityEntity, id: string, hold: boolean) {
  const kind = kinds[entity];
  return rowById(db, kind.table, id, kind.family, hold);
}

/** The snapshot of a record of such a kind (tableOfRecord) from its row. */
export function snapshotOfRow(entity: ActivityEntity, row: Record<string, unknown>): RecordSnapshot {
  return snapshotOf(row, kinds[entity].nameColumn);
}

/** A record's snapshot, read inside the transaction that changes it; null when there is none. */
export async function readRecord(
  db: Db,
  entity: ActivityEntity,
  id: string,
  hold: boolean,
): Promise<RecordSnapshot | null> {
  const kind = kinds[entity];
  const row = await readRecordRow(db, entity, id, hold);
  if (row) return snapshotOf(row, kind.nameColumn, entity === 'role' ? await rolePermissions(db, id) : undefined);
  // An invitation is the account to be: its entries name the invitation until it is accepted.
  const invite = entity === 'user' ? await rowById(db, 'staff_invites', id, undefined, hold) : undefined;
  return invite ? snapshotOf(invite, 'email') : null;
}

/** Ids per read of several records: well under either engine's limit on bound values. */
const readBatch = 500;

/**
 * The snapshots of several records of one kind, by id (bulk edit, import): a few reads of many
 * rows, not one read per record. Records not there are left out of the map.
 */
export async function readRecords(
  db: Db,
  entity: ActivityEntity,
  ids: readonly string[],
  hold: boolean,
): Promise<Map<string, RecordSnapshot>> {
  const snapshots = new Map<string, RecordSnapshot>();
  // In id order: two changes of many records lock the ones they share in the same order, so
  // neither waits for the other crosswise (a deadlock).
  const ordered = [...new Set(ids)].sort();
  // Roles and accounts have parts kept elsewhere (permissions, invitations): read one by one.
  if (entity === 'role' || entity === 'user') {
    for (const id of ordered) {
      const snapshot = await readRecord(db, entity, id, hold);
      if (snapshot) snapshots.set(id, snapshot);
    }
    return snapshots;
  }
  const kind = kinds[entity];
  const family = kind.family === undefined ? sql`` : sql` and family = ${kind.family}`;
  for (let start = 0; start < ordered.length; start += readBatch) {
    const batch = ordered.slice(start, start + readBatch);
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(kind.table)} where id in (${sql.join(
      batch,
    )})${family} order by id${holdClause(hold)}`.execute(db);
    for (const row of rows) snapshots.set(String(row.id), snapshotOf(row, kind.nameColumn));
  }
  return snapshots;
}

function snapshotOf(row: Record<string, unknown>, nameColumn: string, permissions?: string[]): RecordSnapshot {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (leftOut.has(column)) continue;
    fields[camel(column)] = secret.has(column) ? (value === null ? null : { [hiddenValue]: value }) : fieldValue(value);
  }
  if (permissions) fields.permissions = permissions;
  return { name: String(row[nameColumn] ?? ''), fields };
}

async function rolePermissions(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', roleId)
    .orderBy('permission')
    .execute();
  return rows.map((row) => row.permission);
}

type Changes = Record<string, [unknown, unknown]>;

/** What a secret shows: hidden, whether it changed or not. */
const shown = (value: unknown) =>
  value !== null && typeof value === 'object' && hiddenValue in (value as object) ? hiddenValue : value;

/**
 * `{field: [before, after]}` for the fields that differ; a create lists every field from null, a
 * delete every field to null. Secrets show as "[hidden]" on both sides: the entry says a
 * password changed, never what it was or is.
 */
export function changesBetween(before: RecordSnapshot | null, after: RecordSnapshot | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before?.fields ?? {}), ...Object.keys(after?.fields ?? {})]);
  for (const key of keys) {
    const was = before ? (before.fields[key] ?? null) : null;
    const is = after ? (after.fields[key] ?? null) : null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[key] = [shown(was), shown(is)];
  }
  return changes;
}
