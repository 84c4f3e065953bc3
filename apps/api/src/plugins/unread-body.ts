import { maxImageBytes } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How much of a request body nobody read is read and dropped after the answer to keep the
 * connection: the rest of one refused image. Beyond it the connection is closed instead (Go's
 * net/http does the same with 256 KB; an upload's remainder is larger, and a new connection costs
 * a browser more than a few megabytes on the wire).
 */
export const maxDiscardedBytes = maxImageBytes;

/**
 * A request answered before its body was read to the end (an upload refused with 413 the moment
 * a file passes 10 MB) leaves the rest of that body on the connection. Node's server drops a body
 * nobody touched (`_dump`), but not one that was being read when the answer went out: the
 * connection stays open for keep-alive, the bytes stay unread, and the client's next request on
 * it is never parsed — it hangs. So once the answer is out (`onResponse`), the rest is read and
 * dropped through the request's documented stream API, and the next request is served; past
 * `maxDiscardedBytes` the connection is destroyed rather than drained without end.
 */
export const unreadBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return;
    let dropped = 0;
    raw.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > maxDiscardedBytes) raw.destroy();
    });
    // A client that vanishes mid-body is not an error of ours.
    raw.on('error', () => {});
    raw.resume();
    request.log.debug({ event: 'body.unread' }, 'dropping the rest of a request body nobody read');
  });
});
