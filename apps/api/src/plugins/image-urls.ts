import { isUploadPath } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { badRequest } from '../lib/http-error';

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
 * The one rule for image URLs going out: in an answer's JSON text, every string value that
 * starts with `/uploads/` gets `base` before it. Answers are compact JSON (Fastify's
 * serializer; the stored list texts are JSON.stringify's), where a value's opening quote
 * follows `:`, `[` or `,`, and a quote inside a string is always escaped (`\"`): text inside a
 * value never matches. The search looks for `/uploads/` (a quote is in every JSON value, a
 * slash rarely), then checks the two characters before.
 */
export function absoluteImageUrlsInJson(json: string, base: string): string {
  const rest = '/uploads/';
  let out = '';
  let from = 0;
  for (let at = json.indexOf(rest, 2); at !== -1; at = json.indexOf(rest, at + rest.length)) {
    if (json.charCodeAt(at - 1) === 34 /* " */ && ':,['.includes(json.charAt(at - 2))) {
      out += json.slice(from, at) + base;
      from = at;
    }
  }
  return from === 0 ? json : out + json.slice(from);
}

/**
 * Our own image URL cut back to its stored path: `<base>/uploads/…` where `base` is PUBLIC_URL
 * or the origin this request came to, and the rest a name the image pipeline makes. Anything
 * else stays as sent, and the image fields' rule (this shop's `/uploads/` paths only) refuses
 * it: another origin's `/uploads/…` is not ours.
 */
export function ownImagePath(text: string, bases: readonly string[]): string {
  for (const base of bases) {
    if (text.length > base.length && text.startsWith(base)) {
      const rest = text.slice(base.length);
      if (isUploadPath(rest)) return rest;
    }
  }
  return text;
}

/**
 * Records store image paths (`/uploads/…`), never an origin: the shop keeps working under
 * another host name or behind a proxy. Our URLs coming in are cut back to the path; paths
 * going out become absolute (PUBLIC_URL, or the request's own origin), as api.md §1 asks, on
 * every JSON answer of the API once it is text.
 */
export const imageUrlsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') {
      const own = `${request.protocol}://${request.host}`;
      const bases = config.publicUrl && config.publicUrl !== own ? [config.publicUrl, own] : [own];
      request.body = mapStrings(request.body, (text) =>
        text.includes('/uploads/') ? ownImagePath(text, bases) : text,
      );
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !request.url.startsWith('/api/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return absoluteImageUrlsInJson(payload, imageBaseOf(config, request));
  });
});
