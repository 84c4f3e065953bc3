import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { bearerToken, callerOf } from '../../plugins/auth';
import { authenticate } from '../sessions/sessions.service';
import { missedEvents } from './events.service';

const heartbeatMs = 15_000;
/** How often an open stream checks its session is still live (a revoked one closes it). */
const sessionCheckMs = 5_000;

const frame = (event: LiveEvent) =>
  `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * `GET /api/events` (api.md §14): Server-Sent Events for any staff member, read with `fetch` and
 * the bearer header. Events arriving while the replay of what the client missed is read wait,
 * then go out after it (each id once). The stream ends after `streamMs` (the client reconnects
 * with `Last-Event-ID`: connections are recycled behind load balancers), when the session ends,
 * and when the server shuts down. Not compressed (a compressor would hold events back), and
 * `X-Accel-Buffering: no` tells nginx not to buffer it either.
 */
export async function eventsRoutes(
  fastify: FastifyInstance,
  { ctx, streamMs = 300_000 }: { ctx: AppContext; streamMs?: number | undefined },
) {
  const open = new Set<(closing?: boolean) => void>();
  // At shutdown every stream ends and its connection is dropped: the dashboard reconnects (to
  // another server behind the proxy, or to this one once it is back).
  fastify.addHook('preClose', async () => {
    for (const end of open) end(true);
  });

  fastify.get('/', { compress: false }, async (request, reply) => {
    callerOf(request);
    const token = bearerToken(request) ?? '';
    const stream = new PassThrough();
    const sent = new Set<string>();
    let waiting: LiveEvent[] | undefined = [];
    const send = (event: LiveEvent) => {
      if (event.id !== undefined) {
        if (sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > 10_000) sent.clear();
      }
      stream.write(frame(event));
    };
    const unsubscribe = ctx.events.subscribe((event) => (waiting ? waiting.push(event) : send(event)));
    const timers = [
      setInterval(() => stream.write(': ping\n\n'), heartbeatMs),
      setInterval(() => {
        authenticate(ctx, token).catch(() => end());
      }, sessionCheckMs),
      setTimeout(() => end(), streamMs),
    ];
    const end = (closing = false) => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      open.delete(end);
      stream.end();
      if (closing) setImmediate(() => reply.raw.destroy());
    };
    open.add(end);
    // The response's 'close': the client went away (or the answer ended). The request's own
    // 'close' only says its body was read.
    reply.raw.on('close', () => end());

    stream.write('retry: 1000\n: connected\n\n');
    const lastEventId = request.headers['last-event-id'];
    for (const event of await missedEvents(ctx, Array.isArray(lastEventId) ? lastEventId[0] : lastEventId)) send(event);
    for (const event of waiting) send(event);
    waiting = undefined;

    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
