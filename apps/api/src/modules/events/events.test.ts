import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, orderBody, orderLine, productBody } from '../../../test/catalogue-fixtures';
import { openEventStream } from '../../../test/event-stream';
import { createPair, type Pair } from '../../../test/server-pair';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

/** A browser's view of the stream: `fetch` with the bearer header, frames parsed as they come. */
const connect = openEventStream;

/**
 * On Node 22 a `fetch` aborted in the middle of a stream can leave its connection open to the
 * server (Node 24 closes it), and closing the server then waits for it; the test's own client
 * connections are dropped before the server closes. Known and left: see the README.
 */
const dropConnections = (app: FastifyInstance) => app.server.closeAllConnections();

/** Streams stay open for the whole test (test-app.ts ends them after a quarter second). */
const streamsOpen = { eventStreamMs: 60_000 };

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe(`live events (api.md §14, ${engineName})`, () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({}, streamsOpen);
    token = await signIn(t);
  });
  afterEach(async () => {
    dropConnections(t.app);
    await t.close();
  });

  it('sends an order as it arrives and catalogue changes, with ids; replays what a reconnecting client missed', async () => {
    const stream = await connect(t.app, token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const phones = await createCategory(t, token, 'Phones');
    const product = await createProduct(t, token, phones.id, { name: 'Pixel' });
    const order = await t.request({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(token),
      payload: orderBody([orderLine(product.id, 1)], { name: 'Asha' }),
    });
    await waitFor(() => stream.events.some((event) => event.type === 'order.created'));
    expect(stream.events.map((event) => [event.type, event.data])).toEqual([
      ['catalogue.changed', { entity: 'category', id: phones.id, action: 'create' }],
      ['catalogue.changed', { entity: 'product', id: product.id, action: 'create' }],
      ['order.created', { id: order.json().id, action: 'create', name: 'Asha' }],
    ]);
    const lastSeen = stream.events.at(-1)?.id;
    expect(lastSeen).toMatch(/^\d+$/);
    await stream.close();

    // Changes while the client is away, then it reconnects with the last id it saw.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(token),
      payload: productBody(phones.id, { name: 'Pixel 2' }),
    });
    expect(edited.statusCode).toBe(200);
    const again = await connect(t.app, token, lastSeen);
    const newer = () => again.events.filter((event) => Number(event.id) > Number(lastSeen));
    await waitFor(() => newer().length >= 1);
    expect(newer().map((event) => [event.type, event.data])).toEqual([
      ['catalogue.changed', { entity: 'product', id: product.id, action: 'update' }],
    ]);
    // PostgreSQL replays the last seconds before it too (commits may come out of sequence
    // order); they are events the client has (the dashboard skips their ids). SQLite: none.
    const seenIds = stream.events.map((event) => event.id);
    for (const event of again.events.filter((e) => Number(e.id) <= Number(lastSeen))) {
      expect(seenIds).toContain(event.id);
    }
    if (engineName === 'sqlite') expect(again.events).toHaveLength(1);
    // Live again after the replay.
    await createCategory(t, token, 'Tablets');
    await waitFor(() => newer().length >= 2);
    expect(newer()[1]?.data).toMatchObject({ entity: 'category', action: 'create' });
    await again.close();
  });

  it('refuses a stream without a token, and ends the stream of a session that ends', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/events' });
    expect(anonymous.statusCode).toBe(401);
    const session = await signIn(t);
    const stream = await connect(t.app, session);
    expect(stream.res.status).toBe(200);
    await t.request({ method: 'POST', url: '/api/user/logout', headers: bearer(session) });
    await waitFor(stream.ended, 8000);
    await stream.close();
  });
});

describe.runIf(engineName === 'postgres')('live events across two servers (PostgreSQL LISTEN/NOTIFY)', () => {
  let pair: Pair;
  beforeEach(async () => {
    pair = await createPair(streamsOpen);
  });
  afterEach(async () => {
    dropConnections(pair.t.app);
    await pair.close();
  });

  it('an order created on one server reaches a client of the other', async () => {
    const token = await signIn(pair.t);
    const phones = await createCategory(pair.t, token, 'Phones');
    const product = await createProduct(pair.t, token, phones.id);
    const stream = await connect(pair.t.app, token);
    const placed = await pair.B({
      method: 'POST',
      url: '/api/orders/create',
      headers: bearer(token),
      payload: orderBody([orderLine(product.id, 1)], { name: 'Meera' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await waitFor(() => stream.events.some((event) => event.type === 'order.created'));
    expect(stream.events.find((event) => event.type === 'order.created')?.data).toEqual({
      id: placed.json().id,
      action: 'create',
      name: 'Meera',
    });
    await stream.close();
  });
});
