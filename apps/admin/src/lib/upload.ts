import { authHeaders, handleUnauthorized } from './api-client';
import { ApiError } from './api-error';

/**
 * Multipart upload (field `images`) over XMLHttpRequest, because fetch cannot report
 * upload progress and the screens show a progress bar. `onProgress` gets 0..100.
 */
export function uploadImages(
  path: string,
  files: readonly File[],
  onProgress?: (percent: number) => void,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('images', file);
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300 && Array.isArray(body)) {
        onProgress?.(100);
        resolve(body.filter((url): url is string => typeof url === 'string'));
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

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
