import type { ControlledTransaction, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * A unit of work: the writes of one request, run inside a transaction it is given, and, when
 * the activity log records the one record it changes, that record in hand (RecordInHand).
 */
export type Unit<T> = (trx: Transaction<Database>, hand?: RecordInHand) => Promise<T>;

/**
 * The record a request's unit of work changes, as the activity log's recorder holds it
 * (activity.recorder.ts): read before the unit runs, in its transaction, and on PostgreSQL
 * locked until it commits. A unit that reads the same row takes it from here (rowInHand)
 * instead of reading it a second time, and one that knows the whole row it leaves says so
 * (`leftAs`), sparing the recorder its read after. Each is a statement less per change: on the
 * bench's order status updates, what the log costs (README, issue 18).
 */
export interface RecordInHand {
  readonly table: keyof Database;
  readonly id: string;
  /** The row before the unit ran, every column (`select *`); undefined when there is none. */
  readonly row: Record<string, unknown> | undefined;
  /** The whole row as the unit left it, every column: the log's "after", not read again. */
  leftAs(row: Record<string, unknown>): void;
}

/**
 * The row of `table` with this `id`: the one in hand when the recorder read it for this unit,
 * held as `read` would hold it; otherwise what `read` answers.
 */
export function rowInHand<K extends keyof Database>(
  hand: RecordInHand | undefined,
  table: K,
  id: string,
  read: () => Promise<Selectable<Database[K]> | undefined>,
): Promise<Selectable<Database[K]> | undefined> {
  // Read by `select *` from this very table: the row Kysely's types describe.
  if (hand?.table === table && hand.id === id) return Promise.resolve(hand.row as Selectable<Database[K]> | undefined);
  return read();
}

interface Queued {
  unit: Unit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units run in one transaction at most: a batch commits at least this often under load. */
const maxBatch = 64;

/**
 * Group commit on SQLite, as an API of ours. With synchronous=FULL every COMMIT waits for the
 * disk (an fsync of the write-ahead log, 1–3 ms here), and one connection runs one
 * transaction at a time: ten clients saving orders one transaction each would queue behind
 * each other's fsyncs. Here units of work queue up instead: those queued in one turn of the
 * event loop (the requests read in it) run as one batch once the turn is over, in one
 * transaction (Kysely's controlled transaction), each unit in its own savepoint, with one
 * COMMIT and one fsync for all of them. Bench store, 10 clients updating orders: 3–5 units a
 * COMMIT, ~1,600 updates/s and p99 19 ms, against one unit a COMMIT, 600–800/s and 28–40 ms,
 * when each batch started as soon as its first unit was queued.
 *
 * - A unit that throws is rolled back to its savepoint: only its own writes are undone, it
 *   rejects with its error, the rest of its batch goes on.
 * - A unit resolves only after its batch's COMMIT returned: an answer means its writes are on
 *   disk. When the COMMIT fails, or SQLite rolled the whole transaction back (some errors
 *   do), every unit of the batch that had not already failed rejects.
 * - The transaction holds Kysely's one SQLite connection until it commits, so no read sees a
 *   unit's writes before they are durable.
 *
 * PostgreSQL groups concurrent commits itself: there a unit is a transaction of its own.
 */
export class WriteQueue {
  private readonly queue: Queued[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (error: unknown, what: string) => void,
  ) {}

  run<T>(unit: Unit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ unit: unit as Unit<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      // The batch starts once this turn of the event loop has read its requests: each of them
      // queues its unit first, and they share one COMMIT. Started at once, the first request's
      // unit would commit alone (SQLite runs it synchronously to the end), then the next, and so
      // on: one fsync per request.
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  /** Resolves once every unit queued so far has settled. */
  async idle(): Promise<void> {
    while (this.running) await new Promise((resolve) => setImmediate(resolve));
  }

  private async drain() {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Queued[]) {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    const done: Array<{ item: Queued; value: unknown }> = [];
    for (const [at, item] of batch.entries()) {
      let inside: ControlledTransaction<Database, ['unit']>;
      try {
        inside = await trx.savepoint('unit').execute();
      } catch (error) {
        // The connection or the transaction failed under us: nothing of the batch is kept.
        this.log(error, 'opening a savepoint failed');
        for (const rest of [...done.map((entry) => entry.item), ...batch.slice(at)]) rest.reject(error);
        await this.rollback(trx);
        return;
      }
      try {
        const value = await item.unit(inside);
        await inside.releaseSavepoint('unit').execute();
        done.push({ item, value });
      } catch (error) {
        item.reject(error);
        if (!(await this.undoUnit(inside))) {
          // The whole transaction is gone: what ran before is lost, what is left runs in the next batch.
          const lost = new Error('The database rolled back a transaction whole; its writes were not saved');
          for (const earlier of done) earlier.item.reject(lost);
          this.queue.unshift(...batch.slice(at + 1));
          await this.rollback(trx);
          return;
        }
      }
    }
    try {
      await trx.commit().execute();
    } catch (error) {
      for (const { item } of done) item.reject(error);
      await this.rollback(trx);
      return;
    }
    for (const { item, value } of done) item.resolve(value);
  }

  /** Undoes a failed unit's writes; false when the transaction around it no longer exists. */
  private async undoUnit(inside: ControlledTransaction<Database, ['unit']>): Promise<boolean> {
    try {
      await inside.rollbackToSavepoint('unit').execute();
      await inside.releaseSavepoint('unit').execute();
      return true;
    } catch (error) {
      this.log(error, 'rolling back to a savepoint failed');
      return false;
    }
  }

  private async rollback(trx: ControlledTransaction<Database>) {
    try {
      await trx.rollback().execute();
    } catch (error) {
      // After SQLite rolled the transaction back itself there is nothing left to roll back.
      this.log(error, 'rollback failed');
    }
  }
}
