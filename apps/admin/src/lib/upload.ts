import { authHeaders, handleUnauthorized } from './api-client';
import { ApiError } from './api-error';

/**
 * A multipart POST over XMLHttpRequest, because fetch cannot report upload progress and the
 * screens show a progress bar. `onProgress` gets 0..100; the answer is the parsed JSON body of
 * a 2xx, anything else rejects with the server's typed error.
 */
export function sendForm(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        resolve(body);
        return;
      }
      handleUnauthorized(path, request.status);
      reject(new ApiError(request.status || 500, body));
    });
    request.addEventListener('error', () => reject(new ApiError(0, null)));
    request.addEventListener('abort', () => reject(new ApiError(0, { msg: 'Upload cancelled' })));
    request.send(form);
  });
}

/** Image upload (field `images`): the URLs the server kept. */
export async function uploadImages(
  path: string,
  files: readonly File[],
  onProgress?: (percent: number) => void,
): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  const body = await sendForm(path, form, onProgress);
  if (!Array.isArray(body)) throw new ApiError(500, body);
  return body.filter((url): url is string => typeof url === 'string');
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
