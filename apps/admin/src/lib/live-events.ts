import { eventsPath, type LiveEvent } from '@shopdesk/contract';
import { authHeaders, handleUnauthorized } from './api-client';

/** How long to wait before reconnecting: the server's `retry`, doubled on each failure up to this. */
const maxRetryMs = 10_000;
/** Ids kept to skip an event seen twice (a replay repeats the last seconds on PostgreSQL). */
const keptIds = 2000;

/** One SSE frame's fields (`id`, `event`, `data`, `retry`); comments (`: ping`) have none. */
function fieldsOf(frame: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of frame.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    fields[name] = name === 'data' && fields.data !== undefined ? `${fields.data}\n${value}` : value;
  }
  return fields;
}

/**
 * Live events (api.md §14), read with `fetch` so the bearer header goes with them (EventSource
 * cannot send it). The stream is opened again by itself after a network drop, a server restart
 * or the server's own recycling, with `Last-Event-ID` so nothing is missed; an event seen twice
 * is passed on once. A 401 (the session ended) ends the session as every other call does.
 * Stops when `signal` is aborted.
 */
export async function followLiveEvents(onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  let lastId: string | undefined;
  let retryMs = 1000;
  let failures = 0;
  const seen = new Set<string>();
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...authHeaders() };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const response = await fetch(eventsPath, { headers, signal, cache: 'no-store' });
      if (response.status === 401) {
        handleUnauthorized(eventsPath, 401);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const fields = fieldsOf(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (fields.retry && Number.isFinite(Number(fields.retry))) retryMs = Number(fields.retry);
          if (!fields.event || fields.data === undefined) continue;
          if (fields.id !== undefined) {
            if (seen.has(fields.id)) continue;
            seen.add(fields.id);
            if (seen.size > keptIds) seen.delete(seen.values().next().value as string);
            lastId = fields.id;
          }
          onEvent({ type: fields.event, data: JSON.parse(fields.data), id: fields.id } as LiveEvent);
        }
      }
    } catch {
      if (signal.aborted) return;
      failures += 1;
    }
    const wait = Math.min(maxRetryMs, retryMs * 2 ** Math.min(failures, 4));
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const screens = new Set<(event: LiveEvent) => void>();

/** A screen's ear on the one stream the app follows (app/live-updates.tsx passes every event on). */
export function subscribeLiveEvents(listener: (event: LiveEvent) => void): () => void {
  screens.add(listener);
  return () => screens.delete(listener);
}

/** Hands an event of the stream to every screen listening. */
export function passLiveEvent(event: LiveEvent): void {
  for (const listener of screens) listener(event);
}
