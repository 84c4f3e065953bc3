import type { Running } from './servers';
import type { Engine } from './store';

/** What every scenario group runs with. */
export interface Context {
  engine: Engine;
  server: Running;
  /** The store's environment (DATA_DIR, DATABASE_URL): what another server of the same store starts with. */
  storeEnv: Record<string, string>;
  control: Running;
  token: string;
  seconds: number;
  /** Latency multiplier allowed on this engine (PostgreSQL: 2). */
  latency: number;
  log: (line: string) => void;
  /** Scenario groups to run (`--only products,search,orders,single,activity,trash,export,bulk`); all when empty. */
  only?: string[];
}

/** The settings of a load run that every scenario shares. */
export type LoadBase = { seconds: number; warmupSeconds: number; headers: Record<string, string> };
