import { type Job, type JobKind, jobMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import * as repo from './jobs.repository';

/** How many of the caller's jobs GET /api/jobs lists (newest first). */
const recentJobs = 50;

function toJob(row: repo.JobRow): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    state: row.state as Job['state'],
    progress: { done: row.done, total: row.total },
    result: row.result === null ? null : (JSON.parse(row.result) as Job['result']),
    createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name, email: row.created_by_email } : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** One job: the caller's own, or any with `staff:manage`; else 404 (not even whether it exists). */
export async function getJob(ctx: AppContext, caller: Caller, id: string): Promise<Job> {
  const row = await repo.findJob(ctx.db, id);
  if (!row || (row.created_by !== caller.id && !caller.permissions.has('staff:manage'))) {
    throw notFound(jobMessages.notFound);
  }
  return toJob(row);
}

export async function listJobs(ctx: AppContext, caller: Caller): Promise<Job[]> {
  return (await repo.listJobsOf(ctx.db, caller.id, recentJobs)).map(toJob);
}

/** Bytes per stored chunk of a job's file: a chunk is what is held in memory at once. */
export const jobFileChunkBytes = 1024 * 1024;

/**
 * Queues a job whose input is `file` (streamed into the database chunk by chunk, so any server
 * can run it). The job row is written last: no runner sees a job whose file is not all there.
 * When the stream fails (too large, the client went away), the chunks written are removed.
 */
export async function queueJobWithFile(
  ctx: AppContext,
  caller: Caller,
  kind: JobKind,
  params: object,
  file: AsyncIterable<Buffer>,
): Promise<string> {
  const id = newId();
  let seq = 0;
  try {
    let pending: Buffer[] = [];
    let size = 0;
    const flush = async () => {
      if (size === 0) return;
      const data = Buffer.concat(pending, size);
      const at = seq;
      seq += 1;
      pending = [];
      size = 0;
      await ctx.transaction((trx) => repo.insertJobFileChunk(trx, id, at, data));
    };
    for await (const chunk of file) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= jobFileChunkBytes) await flush();
    }
    await flush();
    await ctx.transaction((trx) =>
      repo.insertJob(trx, {
        id,
        kind,
        state: 'queued',
        params: JSON.stringify(params),
        created_by: caller.id,
        created_by_name: caller.name,
        created_by_email: caller.email,
        created_at: new Date(ctx.clock()).toISOString(),
      }),
    );
  } catch (error) {
    await ctx
      .transaction((trx) => repo.deleteJobFile(trx, id))
      .catch((failure: unknown) => {
        ctx.log.error({ err: failure, jobId: id }, 'removing the file of a refused job failed');
      });
    throw error;
  }
  return id;
}
