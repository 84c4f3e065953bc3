import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbHandle, Engine } from './db/create-db';
import type { ImageStore } from './lib/image-store';
import type { ImageWork } from './lib/image-work';
import type { Mailer } from './lib/mailer';
import type { Throttle } from './lib/throttle';
import type { TokenSigner } from './lib/tokens';
import type { WriteEpoch } from './lib/write-epoch';
import type { RecordedTransaction } from './modules/activity/activity.recorder';
import type { EventBus } from './modules/events/event-bus';
import type { CatalogueCache } from './modules/products/catalogue-cache';
import type { PageMarks } from './modules/products/page-marks';
import type { PageRows } from './modules/products/page-rows';
import type { SessionCache } from './modules/sessions/session-cache';

/** What every module is built from. Made once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  /** Every write request's changes go through here: one transaction, answered once committed (create-db.ts). */
  transaction: RecordedTransaction;
  /** Hot reads of a fixed shape as prepared statements (create-db.ts). */
  prepared: DbHandle['prepared'];
  /** SQLite: the connection behind `db`, for bulk loads (the seed) only; request code goes through `db`. */
  sqlite?: DbHandle['sqlite'];
  tokens: TokenSigner;
  /** Milliseconds since the epoch; tests move it to prove expiry. */
  clock: () => number;
  throttle: Throttle;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Moved after every write request: memory-kept reads older than it are read again. */
  epoch: WriteEpoch;
  /** Where deep list pages start, per catalogue version (page-marks.ts). */
  marks: PageMarks;
  /** How a list page's rows are read: a statement each on SQLite, a turn's pages together on PostgreSQL (page-rows.ts). */
  pageRows: PageRows;
  /** Product list and search answers per catalogue version. */
  catalogue: CatalogueCache;
  /** Sessions behind bearer tokens, read again at least once a second. */
  sessions: SessionCache;
  /** Where images live: DATA_DIR/uploads or an S3 bucket (image-store.ts). */
  imageStore: ImageStore;
  /** Live events to every server's listeners (api.md §14). */
  events: EventBus;
  /** The bound on images decoded at once (IMAGE_CONCURRENCY). */
  imageWork: ImageWork;
}
