import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { answerBuffers, type Finish, finishBytes, insertInText } from './finish';

/**
 * The worker's code (plain CommonJS, run with `eval`, so the same code runs from the bundle
 * and from the TypeScript sources under test). It opens its own connection to the database
 * file, never writes (query_only), keeps its statements, and answers each message with the
 * rows of one read; with `finish`, also with the answer's bytes made from the one row
 * (finish.ts: the worker runs finishBytes' and insertInText's own source, the latter under
 * whatever name the bundle gives it, which is the name finishBytes calls).
 */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
database.pragma('query_only = 1');
database.pragma('busy_timeout = 5000');
// Its reads are spread over the whole catalogue: a big page cache would hold memory, not hits.
database.pragma('cache_size = -2000');
const statements = new Map();
${insertInText.toString()}
const finishBytes = ${finishBytes.toString()};
parentPort.on('message', ({ id, text, values, finish, into }) => {
  try {
    let statement = statements.get(text);
    if (!statement) {
      statement = database.prepare(text);
      if (statements.size >= 200) statements.delete(statements.keys().next().value);
      statements.set(text, statement);
    }
    const rows = statement.all(values);
    const row = rows[0];
    if (!finish || rows.length !== 1) return parentPort.postMessage({ id, rows, into }, into ? [into] : []);
    const texts = row[finish.column];
    const body = finishBytes(texts instanceof Uint8Array ? texts : Buffer.from(texts || ''), finish, into);
    row[finish.column] = null;
    // Handed over, not copied (the answer's buffer holds nothing else); the lent buffer goes back either way.
    const spare = into && body.buffer !== into ? into : undefined;
    const transfer = spare ? [body.buffer, spare] : [body.buffer];
    parentPort.postMessage({ id, rows, body: body.buffer, length: body.length, into: spare, lent: body.buffer === into }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error), into }, into ? [into] : []);
  }
});
`;

/** A worker's answer: rows or an error, the answer's bytes, and the pool's buffer it was lent (unless the bytes are in it). */
interface ReaderMessage {
  id: number;
  rows: unknown[];
  body?: ArrayBuffer;
  length?: number;
  lent?: boolean;
  into?: ArrayBuffer;
  error?: string;
}

interface Pending {
  resolve: (read: { rows: unknown[]; body?: Buffer }) => void;
  reject: (error: unknown) => void;
}

/** After the worker failed, reads go to the main connection for this long before it is started again. */
const restartAfterMs = 5000;

/**
 * Reads on a second SQLite connection in a worker thread. better-sqlite3 runs each query on
 * the thread that calls it, so on the server's own connection a read holds up every other
 * request for as long as it runs; a deep product list page (~0.2 ms of SQLite work) done here
 * leaves the main thread free for HTTP and uses the machine's other core.
 *
 * The worker's connection sees only committed writes (WAL: it never waits for the writer, nor
 * the writer for it), while the server's own connection also sees the writes of a group commit
 * not yet on disk (create-db.ts). So only reads whose answer is not kept belong here: an answer
 * kept for a catalogue version must be read where that version was read.
 *
 * Started on first use; when it fails, `read` answers undefined (the caller reads on the main
 * connection) for a few seconds, then starts a new worker.
 */
export class SqliteReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failedAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(private readonly file: string) {}

  /** The rows of a read (and the finished answer, see Finish), or undefined when no worker is available (read elsewhere). */
  read<R>(
    text: string,
    values: readonly unknown[],
    finish?: Finish,
  ): Promise<{ rows: R[]; body?: Buffer }> | undefined {
    const worker = this.running();
    if (!worker) return undefined;
    const id = this.nextId++;
    return new Promise<{ rows: R[]; body?: Buffer }>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      // A buffer of the pool for the answer, lent to the worker and handed back with it.
      const into = finish ? answerBuffers.take() : undefined;
      worker.postMessage({ id, text, values, finish, into }, into ? [into] : []);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.failAll(new Error('The database is closed'));
  }

  private running(): Worker | undefined {
    if (this.worker) return this.worker;
    if (this.closed || performance.now() - this.failedAt < restartAfterMs) return undefined;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(workerCode, {
      eval: true,
      workerData: { file: this.file, driver },
      // It holds one page's texts at a time.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 48 },
    });
    // Pending reads keep nothing alive on their own: the server's listening socket does.
    worker.unref();
    worker.on('message', (message: ReaderMessage) => {
      if (message.into) {
        answerBuffers.adopt(message.into);
        answerBuffers.give(message.into);
      }
      if (message.body && message.lent) answerBuffers.adopt(message.body);
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) return pending.reject(new Error(message.error));
      const body = message.body ? Buffer.from(message.body, 0, message.length) : undefined;
      pending.resolve({ rows: message.rows, ...(body ? { body } : {}) });
    });
    const failed = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failedAt = performance.now();
      this.failAll(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`The database reader stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: unknown) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(error);
  }
}
