import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@shopdesk/contract';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/**
 * Answers that Node's HTTP server and Fastify would otherwise write on their own, in their own
 * shapes (`{"error":"Bad Request","message":"Client Error","statusCode":400}`, an empty 400 or
 * 417, Fastify's 503 while closing), come in the API's one shape `{"error":true,"msg":"..."}`
 * (api.md §1). Each goes through the documented hook for it: Fastify's `clientErrorHandler`
 * option, Node's `checkExpectation` event, `http.requireHostHeader: false` with the check made
 * here, and a `preClose` flag instead of `return503OnClosing`.
 */

const closingMessage = 'The server is restarting. Please try again shortly.';

/** Node's parser errors (`clientError`) and the status and words they are answered with. */
function clientErrorAnswer(code: string): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request line or headers are too large (at most 16 KB)'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'The request body is too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  return [400, messages.badRequest];
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/** The whole HTTP/1.1 answer as bytes, for a socket that has no response object yet. */
function rawAnswer(status: number, msg: string): string {
  const body = JSON.stringify({ error: true, msg });
  return (
    `HTTP/1.1 ${status} ${statusText[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
    body
  );
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (a 16 KB path, a malformed
 * request line, a bad Content-Length). Nothing reached a route; the connection is answered and
 * closed. A reset connection has nobody to answer. Logged at debug level: anyone can send these.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = clientErrorAnswer(error.code);
  this.log.debug({ event: 'request.unparsable', code: error.code, status }, 'request could not be parsed');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawAnswer(status, msg), () => socket.destroy());
}

/** Fastify options that go with this plugin (buildApp spreads them into `Fastify({...})`). */
export const protocolServerOptions = {
  clientErrorHandler,
  // Fastify's own 503 while closing has its own shape: the preClose flag below answers instead.
  return503OnClosing: false,
  // Node would answer a missing Host with an empty 400: checked below instead.
  http: { requireHostHeader: false },
};

export const protocolErrorsPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // First of all onRequest hooks (registered before the auth plugin): nothing else runs for these.
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('Connection', 'close');
      throw new HttpError(503, closingMessage);
    }
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused with 400.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new HttpError(400, messages.badRequest);
    }
  });
  // Node answers `Expect:` values other than 100-continue with an empty 417 unless this is handled.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ error: true, msg: 'Only "Expect: 100-continue" is supported' });
    response.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    });
    response.end(body);
  });
});
