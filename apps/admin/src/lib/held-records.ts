import { ApiError } from './api-error';
import { getTagged, putIfMatch } from './tagged-request';

/**
 * The records open in edit forms and the copies they hold (api.md §14, "Edits that cross").
 * A record read with `readTagged` keeps the `ETag` its answer carried; an edit screen holds the
 * tag of the copy its form started from, and `saveHeld` sends it as `If-Match`, so a save over a
 * newer version is refused (409) instead of undoing someone else's change. Keyed by the record's
 * API path.
 */

const tags = new WeakMap<object, string>();
const held = new Map<string, string>();
const refused = new Set<string>();
const saving = new Map<string, Promise<unknown>>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** GET `path`; the record answered keeps its tag (see `tagOf`). `pick` finds the record in the body. */
export async function readTagged<B, T extends object = B & object>(
  path: string,
  signal?: AbortSignal,
  pick: (body: B) => T = (body) => body as unknown as T,
): Promise<T> {
  const { body, etag } = await getTagged<B>(path, signal);
  const record = pick(body);
  if (etag) tags.set(record, etag);
  return record;
}

/** The tag a record read with `readTagged` came with. */
export const tagOf = (record: object): string | undefined => tags.get(record);

/** An edit form now holds `record` (read from `path`): its saves name that copy. */
export function holdRecord(path: string, record: object): void {
  const tag = tags.get(record);
  if (tag) held.set(path, tag);
  else held.delete(path);
  refused.delete(path);
  notify();
}

/** The form is gone: later saves of `path` (from elsewhere) name no copy. */
export function releaseRecord(path: string): void {
  held.delete(path);
  refused.delete(path);
  notify();
}

export const heldTag = (path: string): string | undefined => held.get(path);

/** Whether a save of `path` was refused because the record changed meanwhile (409). */
export const wasRefused = (path: string): boolean => refused.has(path);

export function subscribeHeldRecords(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Settles when this tab's save of `path` (if one is on its way) has its answer. */
export const ownSave = (path: string): Promise<unknown> => saving.get(path) ?? Promise.resolve();

/**
 * PUT `body` to `path` with `If-Match` naming the held copy (none held: the last write wins, as
 * before). The answer's tag is held next, so this tab's own change never reads as someone else's.
 */
export async function saveHeld<T>(path: string, body: unknown): Promise<T> {
  const put = putIfMatch<T>(path, body, held.get(path) ?? null);
  saving.set(path, put);
  try {
    const answer = await put;
    if (answer.etag && held.has(path)) held.set(path, answer.etag);
    return answer.body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && held.has(path)) {
      refused.add(path);
      notify();
    }
    throw error;
  } finally {
    if (saving.get(path) === put) saving.delete(path);
  }
}
