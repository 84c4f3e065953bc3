import type { Running } from './servers';
import type { Engine } from './store';

/** What every scenario group runs with. */
export interface Context {
  engine: Engine;
  server: Running;
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
