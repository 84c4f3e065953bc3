import { type ImportError, type ImportResult, optionEntity, optionFamilyNames } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounters, counterNames } from '../../db/counters';
import { HttpError } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { type ChangeOrigin, recordJobUnit } from '../activity/activity.recorder';
import type { JobRow } from '../jobs/jobs.repository';
import { readJobFile } from '../jobs/jobs.repository';
import { announceJob, type JobControl, yieldToRequests } from '../jobs/jobs.runner';
import * as repo from './product-import.repository';
import { isUnchanged, type ReadyRow, resolveBatch } from './product-import-batch';
import { ImageFetcher } from './product-import-images';
import { NameLookups, NamePlan } from './product-import-names';
import { type CsvRow, csvRows, FileProblem } from './product-import-rows';
import { storeProductJson } from './product-json';

/** What the upload asked for, kept on the job (api.md §13). */
export interface ImportParams {
  dryRun: boolean;
  atomic: boolean;
  createCategories: boolean;
  /** The origins whose `/uploads/…` URLs are this shop's own (PUBLIC_URL, the upload's origin). */
  ownBases: string[];
  /** The upload request, named in the activity entries the import writes. */
  requestId: string;
  ip: string;
}

/**
 * Rows per transaction. Each batch commits its products, its activity entries and the job's
 * checkpoint together, so a crash resumes exactly after the last batch that committed. On SQLite
 * a batch holds the one connection every read also needs, so batches stay small (tens of
 * milliseconds: list pages wait at most that long); PostgreSQL reads never wait for a write, so
 * there fewer, larger batches save round trips.
 */
export const importBatchRows = { sqlite: 100, postgres: 500 } as const;
/** Errors a result lists (the count of failed rows is always exact). */
const maxErrors = 10_000;

type Tally = Omit<ImportResult, 'rows'> & { rows: number };
/** Where a run stands: the pass (an atomic import checks every row before it writes any) and rows done in it. */
interface Checkpoint {
  pass: 'check' | 'apply';
  rows: number;
  tally: Tally;
}

const emptyTally = (): Tally => ({ rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] });

function addErrors(tally: Tally, errors: readonly ImportError[], failed: number) {
  tally.failed += failed;
  const room = maxErrors - tally.errors.length;
  if (room > 0) tally.errors.push(...[...errors].sort((a, b) => a.row - b.row).slice(0, room));
}

async function* batchesOf(rows: AsyncIterable<CsvRow>, size: number): AsyncGenerator<CsvRow[]> {
  let batch: CsvRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** How often a running import tells the dashboard its progress (job.progress, api.md §14). */
const progressEveryMs = 500;

function progressAnnouncer(ctx: AppContext, jobId: string) {
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < progressEveryMs) return;
    last = now;
    announceJob(ctx, { id: jobId, state: 'running', progress: { done, total } });
  };
}

async function countRows(ctx: AppContext, jobId: string): Promise<number> {
  let count = 0;
  for await (const _row of csvRows(readJobFile(ctx.db, jobId))) count += 1;
  return count;
}

/** The job handler of `productImport` (jobs.runner.ts runs it, on whichever server took the job). */
export async function runProductImport(ctx: AppContext, job: JobRow, control: JobControl): Promise<ImportResult> {
  try {
    return await importFile(ctx, job, control);
  } catch (error) {
    // A file import cannot read (broken quoting, a bad header): the job fails with the reason.
    if (error instanceof FileProblem) throw new HttpError(400, error.message);
    throw error;
  }
}

async function importFile(ctx: AppContext, job: JobRow, control: JobControl): Promise<ImportResult> {
  const params = JSON.parse(job.params) as ImportParams;
  const passes = params.atomic && !params.dryRun ? 2 : 1;
  let point = (control.checkpoint as Checkpoint | null) ?? {
    pass: passes === 2 ? 'check' : 'apply',
    rows: 0,
    tally: emptyTally(),
  };
  // Counted by a full parse first: a file whose quoting breaks further down fails before any row is written.
  const fileRows = job.total > 0 ? job.total / passes : await countRows(ctx, job.id);
  const total = fileRows * passes;
  const lookups = await NameLookups.load(ctx.db);
  const downloads = new ImageFetcher(ctx, !params.dryRun);
  const origin: ChangeOrigin = {
    actor: job.created_by ? { id: job.created_by, name: job.created_by_name, email: job.created_by_email } : null,
    requestId: params.requestId,
    ip: params.ip,
  };
  const announce = progressAnnouncer(ctx, job.id);
  const doneBefore = (pass: Checkpoint['pass']) => (pass === 'apply' && passes === 2 ? fileRows : 0);

  for (;;) {
    const pass = point.pass;
    // A check pass plans names only for itself: nothing of it is written.
    const checkPlan = new NamePlan();
    for await (const batch of batchesOf(
      csvRows(readJobFile(ctx.db, job.id), point.rows),
      importBatchRows[ctx.engine],
    )) {
      if (control.signal.aborted) throw new Error('stopped');
      const started = performance.now();
      const plan = pass === 'check' ? checkPlan : new NamePlan();
      const resolved = await resolveBatch(batch, lookups, plan, {
        createCategories: params.createCategories,
        ownBases: params.ownBases,
        downloads,
      });
      const tally = structuredClone(point.tally);
      tally.rows += batch.length;
      addErrors(tally, resolved.errors, resolved.failed);
      const next: Checkpoint = { pass, rows: point.rows + batch.length, tally };
      const done = doneBefore(pass) + next.rows;
      if (pass === 'check' || params.dryRun) {
        if (pass === 'apply') await sortOut(ctx, resolved.ready, tally);
        await ctx.transaction((trx) => control.save(trx, next, done, total));
      } else {
        await applyBatch(ctx, control, origin, resolved.ready, plan, tally, (trx) =>
          control.save(trx, next, done, total),
        );
        lookups.commit(plan);
        // Memory-kept list pages and counts of this server are read again (a request's write does this on its way out).
        ctx.epoch.bump();
      }
      point = next;
      announce(done, total);
      await yieldToRequests(ctx.engine, performance.now() - started);
    }
    if (point.pass === 'apply') break;
    if (point.tally.failed > 0) return { ...point.tally, created: 0, updated: 0, unchanged: 0 };
    point = { pass: 'apply', rows: 0, tally: emptyTally() };
    await ctx.transaction((trx) => control.save(trx, point, fileRows, total));
  }
  return point.tally;
}

/** Which ready rows create, update or change nothing; counts them in `tally`. */
async function sortOut(ctx: AppContext, ready: readonly ReadyRow[], tally: Tally) {
  const stored = await repo.storedProducts(
    ctx.db,
    ready.flatMap((row) => (row.id ? [row.id] : [])),
  );
  const creates: Array<{ id: string; values: ReadyRow['values'] }> = [];
  const updates: Array<{ id: string; values: ReadyRow['values'] }> = [];
  for (const row of ready) {
    const was = row.id ? stored.get(row.id) : undefined;
    if (!was) creates.push({ id: newId(), values: row.values });
    else if (isUnchanged(was, row.values)) tally.unchanged += 1;
    else updates.push({ id: row.id, values: row.values });
  }
  tally.created += creates.length;
  tally.updated += updates.length;
  return { creates, updates };
}

/**
 * Writes one batch in one transaction: new names, products, their stored list texts (and so the
 * search index, by the tables' own triggers), the counters, one activity entry per product that
 * changed (under the job's creator), and the job's checkpoint.
 */
async function applyBatch(
  ctx: AppContext,
  control: JobControl,
  origin: ChangeOrigin,
  ready: readonly ReadyRow[],
  plan: NamePlan,
  tally: Tally,
  save: Parameters<typeof ctx.transaction>[0],
) {
  const { creates, updates } = await sortOut(ctx, ready, tally);
  const changed = [...creates, ...updates].map((row) => row.id);
  const now = nowIso(ctx.clock);
  await recordJobUnit(
    {
      transaction: ctx.transaction,
      engine: ctx.engine,
      clock: ctx.clock,
      // Live events (api.md §14): one catalogue.changed for the batch's products, sent at commit
      // (and a stock.low per product the batch took to its low-stock line, §15).
      bus: ctx.events,
      lowStockDefault: ctx.config.lowStockThreshold,
    },
    origin,
    // One entry per product changed, and one per category, sub category or option value the
    // file named that did not exist yet (api.md §11: every change is logged).
    [
      { change: { action: 'import', entity: 'category' }, records: plan.categories.map((made) => made.id) },
      ...optionFamilyNames.map((family) => ({
        change: { action: 'import' as const, entity: optionEntity(family) },
        records: plan.options.filter((made) => made.family === family).map((made) => made.id),
      })),
      { change: { action: 'import', entity: 'product' }, records: changed },
    ],
    async (trx) => {
      if (control.signal.aborted) throw new Error('stopped');
      await repo.insertCategories(trx, plan.categories, now);
      await repo.insertOptionValues(trx, plan.options, now);
      await repo.insertProducts(trx, creates, now);
      await repo.updateProducts(trx, updates, now);
      await storeProductJson(trx, { productIds: changed });
      if (changed.length > 0 || plan.categories.length > 0) {
        await bumpCounters(trx, [
          [counterNames.products, creates.length],
          [counterNames.productsVersion, 1],
        ]);
      }
      await save(trx);
    },
  );
}
