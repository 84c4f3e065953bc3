import { randomUUID } from 'node:crypto';
import type { LiveEventData } from '@shopdesk/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Engine } from '../../db/create-db';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import * as repo from './jobs.repository';

/**
 * Why our own table and not pg-boss or graphile-worker: the job row IS the API's record of the
 * job (GET /api/jobs/:id answers from it) on both engines, so one code path and one store serve
 * SQLite and PostgreSQL alike; a queue library would be a second store on PostgreSQL only, with
 * its rows to keep in step with ours, and nothing at all on SQLite.
 */

/** What a running job is given: its checkpoint, a way to save a new one, and the stop signal. */
export interface JobControl {
  readonly owner: string;
  /** Aborted when the server stops or the lease is lost: the job stops between batches. */
  readonly signal: AbortSignal;
  /** Where an earlier run stopped (null on a first run). */
  readonly checkpoint: unknown;
  /** Saves the checkpoint and progress inside `trx`, the transaction of the work it describes. */
  save(trx: Transaction<Database>, checkpoint: unknown, done: number, total: number): Promise<void>;
}

/** Runs a job of one kind; resolves with its result, throws to fail it. */
export type JobHandler = (ctx: AppContext, job: repo.JobRow, control: JobControl) => Promise<unknown>;

export interface RunnerOptions {
  /** How long a claim holds without renewal: a server that dies gives its job up after this. */
  leaseMs: number;
  /** How often an idle runner looks for work (it is also woken when this server queues a job). */
  pollMs: number;
}

/** The job was stopped (server closing or lease lost): not a failure, the job stays to be resumed. */
class Stopped extends Error {}

/**
 * Takes jobs from the `jobs` table one at a time (two cores: one import at a time keeps the
 * list pages fast), renews its lease while one runs, and on close stops between batches and
 * gives the job back so any server resumes it from its last checkpoint. A server killed
 * without closing leaves its lease to run out; then any server takes the job up again.
 */
export class JobRunner {
  readonly owner = randomUUID();
  #stopping = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #abort = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Looks for work now (a job was just queued here). */
  wake(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#abort.abort();
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let job: repo.JobRow | undefined;
      try {
        job = await this.#claim();
      } catch (error) {
        this.ctx.log.error({ err: error }, 'claiming a job failed');
      }
      if (job) await this.#runOne(job);
      else await this.#idle();
    }
  }

  #idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).then(() => {
      this.#wake = undefined;
    });
  }

  #until(): string {
    return new Date(Date.now() + this.options.leaseMs).toISOString();
  }

  #claim(): Promise<repo.JobRow | undefined> {
    // Leases are measured by the machine's clock, not the app's (tests move that one).
    const now = new Date().toISOString();
    return this.ctx.transaction((trx) => repo.claimJob(trx, this.ctx.engine, this.owner, now, this.#until()));
  }

  async #runOne(job: repo.JobRow): Promise<void> {
    const { ctx, owner } = this;
    const abort = new AbortController();
    const stopOnClose = () => abort.abort();
    this.#abort.signal.addEventListener('abort', stopOnClose);
    const heartbeat = setInterval(() => {
      ctx
        .transaction((trx) => repo.renewLease(trx, job.id, owner, this.#until()))
        .then((held) => {
          if (!held) abort.abort();
        })
        .catch((error: unknown) => ctx.log.error({ err: error, jobId: job.id }, 'renewing a job lease failed'));
    }, this.options.leaseMs / 3);
    const control: JobControl = {
      owner,
      signal: abort.signal,
      checkpoint: job.checkpoint === null ? null : JSON.parse(job.checkpoint),
      save: async (trx, checkpoint, done, total) => {
        if (abort.signal.aborted) throw new Stopped();
        await repo.saveCheckpoint(trx, job.id, owner, { checkpoint, done, total });
      },
    };
    ctx.log.info({ event: 'job.started', jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job started');
    try {
      const handler = this.handlers[job.kind];
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const result = await handler(ctx, job, control);
      await this.#finish(job, 'done', result);
      ctx.log.info({ event: 'job.done', jobId: job.id }, 'job done');
    } catch (error) {
      if (abort.signal.aborted || error instanceof Stopped || error instanceof repo.LeaseLost) {
        ctx.log.info({ event: 'job.stopped', jobId: job.id }, 'job stopped; it resumes from its checkpoint');
        await ctx
          .transaction((trx) => repo.releaseLease(trx, job.id, owner))
          .catch((failure: unknown) => ctx.log.error({ err: failure, jobId: job.id }, 'releasing a job failed'));
      } else {
        ctx.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        const msg = error instanceof HttpError ? error.message : `The job failed: ${String((error as Error)?.message)}`;
        await this.#finish(job, 'failed', { msg }).catch((failure: unknown) =>
          ctx.log.error({ err: failure, jobId: job.id }, 'recording a failed job failed'),
        );
      }
    } finally {
      clearInterval(heartbeat);
      this.#abort.signal.removeEventListener('abort', stopOnClose);
    }
  }

  async #finish(job: repo.JobRow, state: 'done' | 'failed', result: unknown): Promise<void> {
    const finishedAt = new Date(this.ctx.clock()).toISOString();
    const finished = await this.ctx.transaction(async (trx) => {
      if (!(await repo.finishJob(trx, job.id, this.owner, { state, result, finishedAt }))) return undefined;
      await repo.deleteJobFile(trx, job.id);
      return repo.findJob(trx, job.id);
    });
    if (finished)
      announceJob(this.ctx, { id: job.id, state, progress: { done: finished.done, total: finished.total } });
  }
}

/**
 * Steps aside after `busyMs` of work: for a share of that time the job does nothing, so requests
 * that arrived meanwhile run all their steps before the next batch. On SQLite each query waits
 * for the one connection a batch holds, and a list page is a few queries in a row: a larger
 * share. PostgreSQL reads never wait for a write: the share only leaves the CPU to requests.
 */
export const yieldToRequests = (engine: Engine, busyMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, busyMs * yieldShare[engine]))));
const yieldShare = { sqlite: 0.4, postgres: 0.15 } as const;

/** A job's state and progress to every live listener (job.progress, api.md §14); a lost event is only logged. */
export function announceJob(ctx: AppContext, data: LiveEventData['job.progress']): void {
  ctx.events
    .publish({ type: 'job.progress', data })
    .catch((error: unknown) => ctx.log.error({ err: error, jobId: data.id }, 'job progress event not sent'));
}

export { Stopped };
