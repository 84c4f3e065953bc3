import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveEvents } from './live-events';
import { saveSession } from './session';

/** A response whose body sends `chunks` (as a server's writes arrive), then ends. */
const streamOf = (chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

describe('followLiveEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads events split anywhere, skips pings and repeats, and reconnects with the last id', async () => {
    saveSession('tok', { name: 'U', email: 'u@shop.test', userId: 'u', isAdmin: true });
    const asked: (string | null)[] = [];
    const stop = new AbortController();
    const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      asked.push(headers.get('Last-Event-ID'));
      if (asked.length === 1) {
        return streamOf([
          'retry: 10\n: connected\n\nid: 7\nevent: order.cre',
          'ated\ndata: {"id":"o1","action":"create","name":"Asha"}\n\n: ping\n\n',
          'id: 8\nevent: catalogue.changed\ndata: {"entity":"product","id":"p1","action":"update"}\n\n',
        ]);
      }
      // The replay after reconnecting repeats event 8 (the client has it), then sends 9.
      return streamOf([
        'id: 8\nevent: catalogue.changed\ndata: {"entity":"product","id":"p1","action":"update"}\n\n',
        'id: 9\nevent: order.updated\ndata: {"id":"o1","action":"status","name":"Asha"}\n\n',
      ]);
    });
    vi.stubGlobal('fetch', fetchStub);
    const received: string[] = [];
    const following = followLiveEvents((event) => {
      received.push(`${event.id} ${event.type}`);
      if (received.length === 3) stop.abort();
    }, stop.signal);
    await following;
    expect(received).toEqual(['7 order.created', '8 catalogue.changed', '9 order.updated']);
    expect(asked).toEqual([null, '8']);
    expect(new Headers(fetchStub.mock.calls[0]?.[1].headers).get('Authorization')).toBe('Bearer tok');
  });
});
