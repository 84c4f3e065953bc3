import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@shopdesk/contract';
import pg from 'pg';

type Listener = (event: LiveEvent) => void;

/**
 * How live events (api.md §14) reach every listener of every server. A change's events are
 * handed over once its unit of work has committed (`committed`: never for a change rolled back).
 * This server's own listeners have them at once; on PostgreSQL the other servers have them by
 * NOTIFY (below). SQLite has one server per database file.
 */
export interface EventBus {
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
    committed: (events) => {
      for (const event of events) listeners.emit(event);
    },
    publish: async (event) => listeners.emit(event),
    subscribe: (listener) => listeners.subscribe(listener),
    close: async () => {},
  };
}

const channel = 'shopdesk_events';
/** PostgreSQL's limit on a NOTIFY payload is 8,000 bytes: a batch of events is sent in parts below it. */
const payloadBytes = 7_900;
/**
 * How long committed events wait to go to the other servers, so that those of many changes go
 * in one NOTIFY (a statement each: under load a cost per write otherwise). Far inside the live
 * events' budget (an order on a dashboard within a second).
 */
const noticeEveryMs = 20;

/** What one NOTIFY carries: the server that sent it (its own listeners had the events already) and events. */
interface Notice {
  from: string;
  events: LiveEvent[];
}

/** The NOTIFY payloads of `events`, in order, each under `payloadBytes` (an event is far smaller). */
export function noticePayloads(from: string, events: readonly LiveEvent[]): string[] {
  const head = `{"from":${JSON.stringify(from)},"events":[`;
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = head.length + 2;
  for (const event of events) {
    const text = JSON.stringify(event);
    const size = Buffer.byteLength(text) + 1;
    if (parts.length > 0 && bytes + size > payloadBytes) {
      payloads.push(`${head}${parts.join(',')}]}`);
      parts = [];
      bytes = head.length + 2;
    }
    parts.push(text);
    bytes += size;
  }
  if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
  return payloads;
}

/**
 * PostgreSQL: this server's listeners have a change's events at its commit; the other servers by
 * NOTIFY on one channel, sent after the commit: the events of all changes committed within
 * `noticeEveryMs` go in one statement. A NOTIFY inside the change's transaction
 * would be atomic with it, but PostgreSQL makes every transaction that notifies commit one at a
 * time (its notification queue is in commit order), which cost the order status update a tenth
 * of its throughput (issue 18). What that gives up: a server killed between a commit and the
 * NOTIFY after it leaves the other servers' dashboards without that event until they
 * reconnect (`Last-Event-ID` replays it from the log then). Each server LISTENs on a connection
 * of its own (a `pg.Client`, apart from the pool), which also sends the NOTIFYs. A dropped
 * connection is logged and opened again after a second.
 */
export function postgresEventBus(connectionString: string, log: (error: unknown, what: string) => void): EventBus {
  const listeners = new Listeners();
  const self = randomUUID();
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
  const heard = (payload: string) => {
    const notice = JSON.parse(payload) as Notice;
    if (notice.from === self) return;
    for (const event of notice.events) listeners.emit(event);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString, application_name: 'shopdesk-events' });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        heard(message.payload);
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
  /** Events committed and not yet sent; the sends, one after another, each of `noticeEveryMs`' events. */
  let unsent: LiveEvent[] = [];
  let due = false;
  let sends = Promise.resolve();
  const send = async (events: LiveEvent[]) => {
    await ready;
    for (const payload of noticePayloads(self, events)) {
      // Down (an outage): the other servers' dashboards catch up when they reconnect.
      await client?.query('select pg_notify($1, $2)', [channel, payload]).catch((error: unknown) => {
        log(error, 'a live event could not be sent to the other servers');
      });
    }
  };
  const toOthers = (events: readonly LiveEvent[]) => {
    unsent.push(...events);
    if (!due) {
      due = true;
      sends = sends
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, noticeEveryMs)))
        .then(() => {
          due = false;
          const batch = unsent;
          unsent = [];
          return send(batch);
        });
    }
    return sends;
  };
  return {
    committed: (events) => {
      if (events.length === 0) return;
      for (const event of events) listeners.emit(event);
      void toOthers(events);
    },
    publish: async (event) => {
      listeners.emit(event);
      await toOthers([event]);
    },
    subscribe: (listener) => listeners.subscribe(listener),
    close: async () => {
      await sends;
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
