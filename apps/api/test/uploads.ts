import { randomBytes } from 'node:crypto';
import { bearer, type TestApp } from './test-app';

// Multipart bodies and uploads for the API tests that send images.

export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
  field?: string;
}

/** A multipart/form-data body; files go under `images` unless told otherwise. */
export function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----shopdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(
  t: TestApp,
  token: string,
  files: FilePart[],
  fields: Record<string, string> = {},
  url = '/api/user/upload',
) {
  const body = multipart(files, fields);
  return t.request({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}
