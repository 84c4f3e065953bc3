import cors from '@fastify/cors';
import { invoiceNumberHeader } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Every method a route of the API answers to. */
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
/** What the dashboard and the spec's client send: bearer tokens, JSON, HTTP cache revalidation. */
const allowedHeaders = ['Authorization', 'Content-Type', 'If-None-Match', 'If-Match', 'X-Request-Id'];
/**
 * Answers' headers a cross-origin client may read (429's wait, cache tags, the request id, and
 * a download's file name and an invoice's number, api.md §15).
 */
const exposedHeaders = ['Retry-After', 'ETag', 'X-Request-Id', 'Content-Disposition', invoiceNumberHeader];

/**
 * Cross-origin callers (issue 17 item 9: an admin client served from its own origin, a
 * storefront): only the origins in CORS_ORIGINS; unset means same origin only, and no CORS
 * header is ever sent. @fastify/cors (Fastify's own plugin) answers every preflight `OPTIONS`
 * with 204 and the Access-Control-Allow-* headers for an allowed origin, and adds
 * Access-Control-Allow-Origin and `Vary: Origin` to the real answers, errors included (its
 * hook runs on onRequest, before the auth hook can refuse). A disallowed origin gets no CORS
 * header at all, so the browser keeps the answer from the page. Tokens travel in the
 * Authorization header, never in cookies: no credentials mode.
 */
export const corsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  if (config.corsOrigins.length === 0) return;
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods,
    allowedHeaders,
    exposedHeaders,
    maxAge: 600,
    // Strict mode answers an OPTIONS from an allowed origin without Access-Control-Request-Method
    // with a text/plain 400, outside the API's {error, msg} shape; such a request gets the
    // preflight answer instead, which tells it no more than the real preflight would.
    strictPreflight: false,
  });
});
