import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app';

/** One event as a client of `GET /api/events` reads it. */
export interface ReceivedEvent {
  id: string | undefined;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A browser's view of the live stream (api.md §14): `fetch` with the bearer header (and a
 * `Last-Event-ID` to replay from), frames parsed as they come. The app must keep streams open
 * (`eventStreamMs`); the caller closes the stream, then drops the server's connections
 * (`app.server.closeAllConnections()`) before closing the app.
 */
export async function openEventStream(app: FastifyInstance, token: string, lastEventId?: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  const address = typeof bound === 'object' && bound ? `http://127.0.0.1:${bound.port}` : '';
  const controller = new AbortController();
  const res = await fetch(`${address}/api/events`, {
    headers: { ...bearer(token), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const type = field('event');
          if (type) events.push({ id: field('id'), type, data: JSON.parse(field('data') ?? '{}') });
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    res,
    events,
    /** The server ended the stream (or the test closed it). */
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Waits until `check` holds (polling), or throws after `ms`. */
export async function waitUntil(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
