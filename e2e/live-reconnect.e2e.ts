import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert, newOrderAlert, openSignedIn } from './support/accounts';
import { hasChromium, launchBrowser } from './support/browser';
import { createCategory, createProduct } from './support/bulk-data';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

/** What the page's event streams carried, as the dashboard's `fetch` read them. */
type Frame = {
  stream: number;
  lastEventId: string | null;
  /** The stream's answer came (the server follows events for it from then on). */
  opened?: true;
  id?: string;
  event?: string;
  data?: string;
  end?: string;
};

/**
 * Records every `/api/events` answer the page reads, frame by frame, into
 * `window.__liveFrames`, passing the bytes on to the app unchanged; `window.__cutLiveStreams()`
 * breaks the open streams as a dropped network does (the app's read fails). Chromium's offline
 * mode alone refuses new requests but leaves an open response streaming.
 */
const recordStreams = () => {
  const frames: Frame[] = [];
  const cuts: Array<() => void> = [];
  const page = window as unknown as { __liveFrames: Frame[]; __cutLiveStreams: () => void };
  page.__liveFrames = frames;
  page.__cutLiveStreams = () => {
    for (const cut of cuts.splice(0)) cut();
  };
  const original = window.fetch.bind(window);
  let streams = 0;
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/events') || !response.body) return response;
    const stream = ++streams;
    const lastEventId = new Headers(init?.headers).get('Last-Event-ID');
    frames.push({ stream, lastEventId, opened: true });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const record = (bytes: Uint8Array) => {
      buffer += decoder.decode(bytes, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame: Frame = { stream, lastEventId };
        for (const line of buffer.slice(0, end).split('\n')) {
          const [name, ...rest] = line.split(':');
          if (name === 'id' || name === 'event' || name === 'data') frame[name] = rest.join(':').trim();
        }
        buffer = buffer.slice(end + 2);
        if (frame.event) frames.push(frame);
      }
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        cuts.push(() => {
          frames.push({ stream, lastEventId, end: 'cut' });
          controller.error(new TypeError('network error'));
          void reader.cancel().catch(() => undefined);
        });
      },
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            frames.push({ stream, lastEventId, end: 'closed' });
            controller.close();
            return;
          }
          record(value);
          controller.enqueue(value);
        } catch (error) {
          frames.push({ stream, lastEventId, end: String(error) });
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
};

/**
 * 0 events lost across a forced reconnect (issue 20, api.md §14): the dashboard's stream is cut
 * (the browser goes offline and the open stream breaks), orders are placed meanwhile, the network comes back: the stream
 * reopens with `Last-Event-ID` and every missed `order.created` arrives, each handled once.
 */
describe.skipIf(!hasChromium)('live events across a forced reconnect', () => {
  let server: RunningServer;
  /** The first server, while `server` is its restart on the same database and port. */
  let first: RunningServer | undefined;
  let browser: Browser;
  let page: Page;
  let owner: string;
  let product: { id: string; name: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    product = await createProduct(server, owner, await createCategory(server, owner, 'Kitchen'), 'Steel Pan', 900);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await first?.dropDatabase();
  });

  const frames = () => page.evaluate(() => (window as unknown as { __liveFrames: Frame[] }).__liveFrames);
  /** The event ids each order's `order.created` came with, over every stream the page read. */
  const eventIdsOf = async (orderId: string) =>
    new Set(
      (await frames())
        .filter((frame) => frame.event === 'order.created' && frame.data?.includes(`"${orderId}"`))
        .map((frame) => frame.id),
    );

  const placeOrder = async (name: string) => {
    const res = await api<{ id: string }>(
      server,
      'POST',
      '/api/orders/create',
      {
        paymentId: `pay_${name}`,
        name,
        phoneNumber: '5550102',
        address: '2 Lake Road',
        pincode: '682001',
        email: 'buyer@shop.test',
        userid: 'user-2',
        status: 'pending',
        products: [{ productId: product.id, productTitle: product.name, image: '', quantity: 1 }],
      },
      owner,
    );
    expect(res.status).toBe(201);
    return res.body.id;
  };

  it('replays every order placed while the stream was cut, once each', async () => {
    let context: BrowserContext;
    ({ page, context } = await openSignedIn(browser, server, { email: ownerEmail, password: ownerPassword }));
    await page.addInitScript(recordStreams);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The screen can show before its event stream is open; an order placed before that is in the
    // figures the screen reads, not on the stream (a first stream replays nothing).
    await expect.poll(async () => (await frames()).some((frame) => frame.opened), { timeout: 10_000 }).toBe(true);

    await placeOrder('Before Cut');
    await expectAlert(page, newOrderAlert('Before Cut'), 'success');

    await context.setOffline(true);
    await page.evaluate(() => (window as unknown as { __cutLiveStreams: () => void }).__cutLiveStreams());
    expect((await frames()).some((frame) => frame.end === 'cut')).toBe(true);
    const missed = ['Missed One', 'Missed Two', 'Missed Three', 'Missed Four'];
    const ids: string[] = [];
    for (const name of missed) ids.push(await placeOrder(name));
    await context.setOffline(false);

    await expectAlert(page, newOrderAlert('Missed Four'), 'success');
    const seen = await frames();
    const created = seen.filter((frame) => frame.event === 'order.created');
    const before = created.find((frame) => frame.data?.includes('Before Cut'));
    // The stream that came back asked for what followed the last event it had.
    const replay = seen.find((frame) => frame.stream > 1 && frame.lastEventId !== null);
    expect(replay?.lastEventId).toBe(before?.id);
    // Each missed order arrived; an event repeated on the wire keeps its id (the app passes it on once).
    for (const id of ids) expect((await eventIdsOf(id)).size, id).toBe(1);

    const bell = page.getByRole('button', { name: /^Notifications:/ });
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications: 5 pending orders');
    await bell.click();
    // The bell's panel downloads and reads the newest pending orders when first opened.
    const list = page.getByRole('list', { name: 'Pending orders' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(5);
    const entries = await list.getByRole('listitem').allInnerTexts();
    for (const name of ['Before Cut', ...missed]) {
      expect(entries.filter((text) => text.startsWith(`${name} placed an order`)).length, name).toBe(1);
    }
    await page.keyboard.press('Escape');
  });

  it('reconnects by itself after a server restart, and misses nothing placed meanwhile', async () => {
    const streamsBefore = Math.max(...(await frames()).map((frame) => frame.stream));
    // The same database and port: the page's address stays good.
    first = server;
    const port = new URL(first.baseUrl).port;
    first.process.kill('SIGTERM');
    await new Promise((resolve) => first?.process.once('exit', resolve));
    server = await startServer({ PORT: port }, { reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl } });
    // Placed at once, most likely before the page's stream is back: the replay brings them.
    const ids = [await placeOrder('After Restart One'), await placeOrder('After Restart Two')];
    await expectAlert(page, newOrderAlert('After Restart Two'), 'success');
    for (const id of ids) expect((await eventIdsOf(id)).size, id).toBe(1);
    const later = (await frames()).filter((frame) => frame.stream > streamsBefore);
    expect(later.length).toBeGreaterThan(0);
    // The stream reopened on the new process asked for what followed the last event it had.
    expect(later.every((frame) => frame.lastEventId !== null)).toBe(true);
  });
});
