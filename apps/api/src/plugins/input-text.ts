import { inputMessages, isStorableText } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/** As deep as image-urls.ts walks: no body of the API nests further. */
const maxDepth = 64;

/** The dotted path of the first string (value or key) that no database stores as sent. */
function firstBadText(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (depth >= maxDepth || value === null || typeof value !== 'object') return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (!isStorableText(key)) return [...path, '_'];
    const found = firstBadText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * JSON can carry a lone UTF-16 surrogate (`"\ud800"`) or a NUL, and neither survives storage:
 * SQLite and PostgreSQL write UTF-8, so a lone surrogate comes back as U+FFFD, and PostgreSQL
 * refuses NUL while SQLite keeps it. Such text is refused (400) wherever it is in a body, before
 * any route looks at it, rather than stored as something else than what was sent.
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body === null || request.body === undefined) return;
    const path = firstBadText(request.body, []);
    if (path) {
      throw badRequest(inputMessages.invalidText, {
        fields: { [path.join('.') || '_']: inputMessages.invalidText },
      });
    }
  });
});
