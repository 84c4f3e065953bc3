import { authHeaders, handleUnauthorized } from './api-client';
import { ApiError } from './api-error';

/**
 * A file name from a Content-Disposition header: the RFC 6266 `filename*` (UTF-8, percent
 * encoded) first, then the plain `filename`; `fallback` when there is neither.
 */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below, if any, is still good.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the address can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file the browser was handed: the name it was saved under and the answer's headers. */
export interface Downloaded {
  name: string;
  headers: Headers;
}

/**
 * A GET that answers a file (a CSV export, an invoice): fetched with the bearer token (a plain
 * link cannot send it), read as a blob and saved under the server's name (`fallbackName` when
 * it gives none). A refusal throws the server's typed error (JSON body), as every other call does.
 */
export async function downloadFile(path: string, fallbackName: string, accept = 'text/csv'): Promise<Downloaded> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: `${accept}, application/json`, ...authHeaders() } });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    handleUnauthorized(path, response.status);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the status alone says what failed.
    }
    throw new ApiError(response.status, body);
  }
  const name = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return { name, headers: response.headers };
}
