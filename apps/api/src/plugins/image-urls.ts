import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Insertion, insertInText } from '../db/finish';
import { badRequest } from '../lib/http-error';

/** Our own stored image URL, whatever origin it was written with. */
const ownImageUrl = /^https?:\/\/[^/]+(\/uploads\/[a-z]+\/[0-9a-f]{24}(?:\.small)?\.(?:jpg|png|webp))$/;

/** Deeper than any body or answer of the API; a 1 MB JSON body can nest far deeper (stack overflow, 500). */
const maxDepth = 64;

function mapStrings(value: unknown, map: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return map(value);
  if (depth >= maxDepth && value && typeof value === 'object')
    throw badRequest('The request body is nested too deeply');
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, depth + 1));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, map, depth + 1);
    return out;
  }
  return value;
}

/** The origin put before stored `/uploads/…` paths in answers. */
export function imageBaseOf(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The same rewrite on an answer already serialized to JSON (the product list pages): every
 * string value that starts with `/uploads/` gets `base` before it. In compact JSON a value's
 * opening quote follows `:`, `[` or `,`; a quote inside a string is always escaped (`\"`), so
 * text never matches.
 */
export function imagePathInsertion(base: string): Insertion {
  return { find: '"/uploads/', when: ':,[', insert: base };
}

/** imagePathInsertion made in a JSON text. */
export function absoluteImageUrlsInJson(json: string, base: string): string {
  return insertInText(json, imagePathInsertion(base));
}

/**
 * Records store image paths (`/uploads/…`), never an origin: the shop keeps working under
 * another host name or behind a proxy. Our URLs coming in are cut back to the path; paths
 * going out become absolute (PUBLIC_URL, or the request's own origin), as api.md §1 asks.
 */
export const imageUrlsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const baseOf = (request: FastifyRequest) => imageBaseOf(config, request);

  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') {
      request.body = mapStrings(request.body, (text) => ownImageUrl.exec(text)?.[1] ?? text);
    }
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const base = baseOf(request);
    return mapStrings(payload, (text) => (text.startsWith('/uploads/') ? base + text : text));
  });
});
