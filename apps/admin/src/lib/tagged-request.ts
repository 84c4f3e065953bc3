import { authHeaders, handleUnauthorized } from './api-client';
import { ApiError } from './api-error';

/** A record with the `ETag` its GET (or its PUT's answer) carried (api.md §14). */
export type Tagged<T> = { body: T; etag: string | null };

async function send<T>(path: string, init: RequestInit): Promise<Tagged<T>> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) {
    handleUnauthorized(path, response.status);
    throw new ApiError(response.status, body);
  }
  return { body: body as T, etag: response.headers.get('etag') };
}

/**
 * The record and its tag. The plain client (api-client.ts) hands back bodies only; a screen
 * that saves with `If-Match` needs the tag of the copy it shows.
 */
export function getTagged<T>(path: string, signal?: AbortSignal): Promise<Tagged<T>> {
  return send<T>(path, { headers: { Accept: 'application/json', ...authHeaders() }, signal: signal ?? null });
}

/**
 * A PUT made from the copy tagged `etag`: the server refuses it with 409 (and changes nothing)
 * when the record changed since. Without a tag the last write wins, as the spec's clients expect.
 */
export function putIfMatch<T>(path: string, body: unknown, etag: string | null): Promise<Tagged<T>> {
  return send<T>(path, {
    method: 'PUT',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...authHeaders(),
      ...(etag ? { 'If-Match': etag } : {}),
    },
    body: JSON.stringify(body),
  });
}
