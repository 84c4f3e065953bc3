import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Engine } from './db/create-db';
import type { Mailer } from './lib/mailer';
import type { Throttle } from './lib/throttle';
import type { TokenSigner } from './lib/tokens';

/** What every module is built from. Made once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenSigner;
  /** Milliseconds since the epoch; tests move it to prove expiry. */
  clock: () => number;
  throttle: Throttle;
  log: FastifyBaseLogger;
  mailer: Mailer;
}
