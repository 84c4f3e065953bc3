import { sql } from 'kysely';
import type { Db, Engine } from '../../db/create-db';
import { imageColumns } from '../../db/image-columns';

export async function insertTempUploads(
  db: Db,
  rows: Array<{ id: string; userId: string; url: string; filePath: string; bytes: number; now: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('temp_uploads')
    .values(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        url: r.url,
        file_path: r.filePath,
        bytes: r.bytes,
        created_at: r.now,
      })),
    )
    .execute();
}

/**
 * How many files and bytes an account's temporary store holds. With `lockFor` (inside a
 * transaction) the account's row is locked first on PostgreSQL, so two uploads of one account
 * check the quota in turn; SQLite runs one write transaction at a time anyway.
 */
export async function stagingUsage(
  db: Db,
  userId: string,
  lockFor?: Engine,
): Promise<{ files: number; bytes: number }> {
  if (lockFor === 'postgres') {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  const row = await db
    .selectFrom('temp_uploads')
    .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum('bytes').as('bytes')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL answers count and sum as text (bigint, numeric).
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export function listTempUploads(db: Db, userId: string) {
  return db
    .selectFrom('temp_uploads')
    .select(['id', 'url', 'file_path'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteTempUploads(db: Db, userId: string, filePath?: string): Promise<string[]> {
  let query = db.deleteFrom('temp_uploads').where('user_id', '=', userId);
  if (filePath) query = query.where('file_path', '=', filePath);
  const rows = await query.returning('file_path').execute();
  return rows.map((row) => row.file_path);
}

export async function deleteTempUploadsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('temp_uploads').where('created_at', '<', before).execute();
}

/** Whether any saved record or any temporary store still names this file. */
export async function isImageReferenced(db: Db, filePath: string): Promise<boolean> {
  const inTemp = await db.selectFrom('temp_uploads').select('id').where('file_path', '=', filePath).executeTakeFirst();
  if (inTemp) return true;
  const pattern = `%/uploads/${filePath}%`;
  for (const { table, column } of imageColumns) {
    const hit = await sql<{
      one: number;
    }>`select 1 as one from ${sql.table(table)} where ${sql.ref(column)} like ${pattern} limit 1`.execute(db);
    if (hit.rows.length > 0) return true;
  }
  return false;
}

/** Every file named by a saved record or a temporary store (for the periodic sweep). */
export async function referencedFilePaths(db: Db): Promise<Set<string>> {
  const paths = new Set<string>();
  const temp = await db.selectFrom('temp_uploads').select('file_path').execute();
  for (const row of temp) paths.add(row.file_path);
  const fileOf = /\/uploads\/([a-z]+\/[0-9a-f]{24}\.(?:jpg|png|webp))/g;
  for (const { table, column } of imageColumns) {
    const rows = await sql<{ images: string }>`select ${sql.ref(column)} as images from ${sql.table(table)}`.execute(
      db,
    );
    for (const row of rows.rows) for (const match of row.images.matchAll(fileOf)) if (match[1]) paths.add(match[1]);
  }
  return paths;
}
