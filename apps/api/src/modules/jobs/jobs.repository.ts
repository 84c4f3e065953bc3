import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db, Engine } from '../../db/create-db';
import type { JobsTable } from '../../db/schema';

export type JobRow = Selectable<JobsTable>;

export async function insertJob(db: Db, row: Insertable<JobsTable>): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

export async function insertJobFileChunk(db: Db, jobId: string, seq: number, data: Buffer): Promise<void> {
  await db.insertInto('job_files').values({ job_id: jobId, seq, data }).execute();
}

export async function deleteJobFile(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('job_files').where('job_id', '=', jobId).execute();
}

/** The job's file, one chunk at a time in order (a chunk in memory at once, never the file). */
export async function* readJobFile(db: Db, jobId: string): AsyncGenerator<Buffer> {
  let seq = -1;
  for (;;) {
    const row = await db
      .selectFrom('job_files')
      .select(['seq', 'data'])
      .where('job_id', '=', jobId)
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    if (!row) return;
    seq = row.seq;
    // Both drivers answer a Buffer already (better-sqlite3's blob, pg's bytea): no copy.
    yield row.data;
  }
}

export function findJob(db: Db, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listJobsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('created_by', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Takes the oldest job that is queued, or running under a lease that has run out (its server
 * stopped or died), for `owner` until `until`. PostgreSQL: `for update skip locked`, so servers
 * claiming at once each get a different job and never wait for each other. SQLite: one process
 * serves the file and the statement runs in one transaction, so the same update is enough.
 */
export async function claimJob(db: Db, engine: Engine, owner: string, now: string, until: string) {
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<JobRow>`update jobs set state = 'running', lease_owner = ${owner},
      lease_until = ${until}, attempts = attempts + 1
    where id = (select id from jobs where state = 'queued' or (state = 'running' and lease_until < ${now})
      order by created_at, id limit 1 ${lock})
    returning *`.execute(db);
  return rows[0];
}

/** Renews the lease; false when the job is no longer this owner's (another server took it). */
export async function renewLease(db: Db, id: string, owner: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the job back at once (a clean stop): any server may take it and resume it. */
export async function releaseLease(db: Db, id: string, owner: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ lease_until: new Date(0).toISOString() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Saves where the job stands (inside the transaction of the work it describes, so the two
 * commit together). Throws when the job is no longer this owner's: that work is rolled back.
 */
export async function saveCheckpoint(
  db: Db,
  id: string,
  owner: string,
  values: { checkpoint: unknown; done: number; total: number },
): Promise<void> {
  const result = await db
    .updateTable('jobs')
    .set({ checkpoint: JSON.stringify(values.checkpoint), done: values.done, total: values.total })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new LeaseLost(id);
}

export async function finishJob(
  db: Db,
  id: string,
  owner: string,
  values: { state: 'done' | 'failed'; result: unknown; finishedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: values.state,
      result: JSON.stringify(values.result),
      finished_at: values.finishedAt,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The job was taken by another server (this one's lease ran out): this one stops. */
export class LeaseLost extends Error {
  constructor(id: string) {
    super(`job ${id}: lease lost to another server`);
  }
}
