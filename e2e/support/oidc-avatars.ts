import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The provider's profile pictures (`picture` claim: `<issuer>/avatars/<e-mail>.png`), as
 * Google serves them from its own host. Shopdesk copies the picture into its store at the
 * first sign-in; the address picks what it gets: a small PNG, or with `+nopicture` a 404,
 * `+hugepicture` 12 MB without a declared length, `+slowpicture` headers and then nothing.
 * A plain Node handler in front of the provider: Shopdesk hangs up on the huge and the slow
 * one by design, which is no error to log. Answers false for any other request.
 */
export function serveAvatar(req: IncomingMessage, res: ServerResponse): boolean {
  const match = /^\/avatars\/([^/?]+)\.png$/.exec(req.url ?? '');
  if (!match || req.method !== 'GET') return false;
  const email = decodeURIComponent(match[1] ?? '');
  res.on('error', () => {});
  if (email.includes('+nopicture')) {
    res.writeHead(404).end();
    return true;
  }
  res.writeHead(200, { 'content-type': 'image/png' });
  if (email.includes('+slowpicture')) return true;
  if (!email.includes('+hugepicture')) {
    res.end(solidPng(48, 48, [email.length * 37, 120, 200]));
    return true;
  }
  let sent = 0;
  const more = () => {
    while (sent < 12 && !res.destroyed) {
      sent += 1;
      if (!res.write(Buffer.alloc(1024 * 1024, sent))) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  more();
  return true;
}

/** A solid-colour RGB PNG (no image library: the provider stands alone). */
export function solidPng(width: number, height: number, [r, g, b]: number[]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([(r ?? 0) % 256, (g ?? 0) % 256, (b ?? 0) % 256], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
