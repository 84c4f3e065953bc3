import { createHash } from 'node:crypto';
import { messages } from '@shopdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict } from '../lib/http-error';

/**
 * Edits that cross (api.md §14). A record's answer (a product, category, banner or order) is
 * tagged by a digest of what it says: the tag changes when that record's answer changes and only
 * then. GET sends it as a strong `ETag` (and answers 304 to `If-None-Match` with it); a PUT that
 * sends `If-Match` with an older tag is refused with 409 before anything is changed.
 *
 * The check reads the record as it is just before the change. Two saves sent within the same
 * few milliseconds with one tag may both pass it (the check is not inside the change's
 * transaction); the second save of two people editing one after the other never does.
 */
export function recordTag(answer: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
}

const tagsIn = (header: string | undefined) => header?.split(',').map((tag) => tag.trim()) ?? [];

/**
 * Sends the answer with its record's tag; 304 and no body when the client's copy is this one.
 * The tag is the record's own (a category's, not the `{categoryData:[…]}` around it), so a PUT's
 * answer, the record, carries the same tag.
 */
export function sendTagged<T>(request: FastifyRequest, reply: FastifyReply, record: unknown, answer: T = record as T) {
  const tag = recordTag(record);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  const asked = tagsIn(request.headers['if-none-match']);
  if (asked.includes(tag) || asked.includes('*')) return reply.code(304).send();
  return answer;
}

/** Refuses a change made from an older copy of the record (409, nothing changed). */
export async function checkIfMatch(request: FastifyRequest, current: () => Promise<unknown>) {
  const expected = tagsIn(request.headers['if-match']);
  if (expected.length === 0 || expected.includes('*')) return;
  if (!expected.includes(recordTag(await current()))) throw conflict(messages.recordChanged);
}

/** A change's answer, with the tag the record has now (the next edit's If-Match). */
export function tagged<T>(reply: FastifyReply, answer: T): T {
  reply.header('etag', recordTag(answer));
  return answer;
}
