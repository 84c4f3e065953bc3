import type { LiveEvent } from '@shopdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { engineName } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { type EventBus, noticePayloads, postgresEventBus } from './event-bus';

const orderEvent = (seq: number, name = 'Meera'): LiveEvent => ({
  id: String(seq),
  type: 'order.updated',
  data: { id: `order-${seq}`, action: 'status', name },
});

describe('NOTIFY payloads of a batch of events', () => {
  it('keeps every event, in order, in parts under PostgreSQL’s 8,000-byte limit', () => {
    const events = Array.from({ length: 400 }, (_, i) => orderEvent(i + 1, `Customer ${'ā'.repeat(i % 40)}`));
    const payloads = noticePayloads('server-a', events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const read = payloads.map((payload) => JSON.parse(payload) as { from: string; events: LiveEvent[] });
    expect(read.every((notice) => notice.from === 'server-a')).toBe(true);
    expect(read.flatMap((notice) => notice.events)).toEqual(events);
  });

  it('sends nothing for no events', () => {
    expect(noticePayloads('server-a', [])).toEqual([]);
  });
});

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.runIf(engineName === 'postgres')('the PostgreSQL event bus of two servers', () => {
  let database: TestDatabase;
  const buses: EventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    await database.drop();
  });

  it('gives a server’s own listeners its events at commit, once; the other server has them by NOTIFY, in order', async () => {
    database = await createTestDatabase();
    const failures: unknown[] = [];
    const log = (error: unknown) => failures.push(error);
    const a = postgresEventBus(database.databaseUrl as string, log);
    const b = postgresEventBus(database.databaseUrl as string, log);
    buses.push(a, b);
    const onA: LiveEvent[] = [];
    const onB: LiveEvent[] = [];
    a.subscribe((event) => onA.push(event));
    b.subscribe((event) => onB.push(event));
    // Both LISTEN before anything is sent: a published event reaching B says B listens. A's
    // first may go out before B's LISTEN has (each server connects on its own), so A publishes
    // again until B hears one; then what is still on its way arrives before the lists are cleared.
    const ready: LiveEvent = {
      type: 'job.progress',
      data: { id: 'job-1', state: 'running', progress: { done: 1, total: 2 } },
    };
    for (let attempt = 0; attempt < 25 && onB.length === 0; attempt += 1) {
      await a.publish(ready);
      await waitFor(() => onB.length > 0, 200).catch(() => undefined);
    }
    expect(onB.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    onA.length = 0;
    onB.length = 0;

    const many = Array.from({ length: 300 }, (_, i) => orderEvent(i + 1));
    a.committed(many.slice(0, 100));
    a.committed(many.slice(100));
    // This server's listeners, at once (no round trip to the database).
    expect(onA).toEqual(many);
    await waitFor(() => onB.length === many.length);
    expect(onB).toEqual(many);
    // A's own NOTIFYs come back to A's LISTEN connection: they are not given to its listeners again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onA).toHaveLength(many.length);
    expect(failures).toEqual([]);
  });
});
