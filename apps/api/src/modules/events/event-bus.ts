import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@shopdesk/contract';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/create-db';

type Listener = (event: LiveEvent) => void;

/**
 * How live events (api.md §14) reach every listener of every server. A change's events are
 * handed over inside its unit of work (`during`) and once it has committed (`committed`):
 * PostgreSQL sends them with NOTIFY from inside the transaction, which delivers them at commit
 * (never for a rolled-back change) to every server LISTENing, this one included; SQLite (one
 * server per database file) passes them to its own listeners once the unit has committed.
 */
export interface EventBus {
  during(trx: Db, events: readonly LiveEvent[]): Promise<void>;
  committed(events: readonly LiveEvent[]): void;
  /** An event of no change (a job's progress): sent now. */
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

class Listeners {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  emit(event: LiveEvent) {
    this.emitter.emit('event', event);
  }
  subscribe(listener: Listener) {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }
}

/** SQLite: one server, its own listeners. */
export function memoryEventBus(): EventBus {
  const listeners = new Listeners();
  return {
    during: async () => {},
    committed: (events) => {
      for (const event of events) listeners.emit(event);
    },
    publish: async (event) => listeners.emit(event),
    subscribe: (listener) => listeners.subscribe(listener),
    close: async () => {},
  };
}

const channel = 'shopdesk_events';

/**
 * PostgreSQL: NOTIFY on one channel, a LISTEN connection of its own (a `pg.Client`, apart from
 * the pool). A dropped connection is logged and opened again after a second; events sent while
 * it was down are what `Last-Event-ID` replays when the dashboard reconnects.
 */
export function postgresEventBus(connectionString: string, log: (error: unknown, what: string) => void): EventBus {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** One reconnection at a time, a second after the failure (an outage retries once a second). */
  const reconnect = (error: unknown, what: string) => {
    log(error, what);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch((failure: unknown) =>
        reconnect(failure, 'the live events connection could not be opened; trying again'),
      );
    }, 1000);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString, application_name: 'shopdesk-events' });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        listeners.emit(JSON.parse(message.payload) as LiveEvent);
      } catch (error) {
        log(error, 'a live event could not be read');
      }
    });
    next.on('error', (error) => {
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      reconnect(error, 'the live events connection failed; opening it again');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end();
    else client = next;
  };
  const ready = connect().catch((error: unknown) =>
    reconnect(error, 'the live events connection could not be opened; trying again'),
  );
  const notify = (db: Db, event: LiveEvent) =>
    sql`select pg_notify(${channel}, ${JSON.stringify(event)})`.execute(db).then(() => undefined);
  return {
    during: async (trx, events) => {
      for (const event of events) await notify(trx, event);
    },
    committed: () => {},
    publish: async (event) => {
      await ready;
      await client?.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    subscribe: (listener) => listeners.subscribe(listener),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
