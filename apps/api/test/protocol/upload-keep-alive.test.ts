import type { AddressInfo } from 'node:net';
import { messages } from '@shopdesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, signIn, type TestApp } from '../test-app';
import { RawClient } from './raw-http';

const boundary = 'shopdeskKeepAlive';
const partHead = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\n` +
    'Content-Type: image/png\r\n\r\n',
);
const partTail = Buffer.from(`\r\n--${boundary}--\r\n`);

function uploadHead(token: string, contentLength: number): string {
  return (
    'POST /api/products/upload HTTP/1.1\r\nHost: shop.test\r\n' +
    `Authorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${contentLength}\r\n\r\n`
  );
}

/**
 * A refused oversize upload (413) must leave the client's keep-alive connection usable: Node's
 * own fetch (undici) reuses one pooled connection for the requests that follow, so a body left
 * half-read on the socket would make the next request on it hang.
 */
describe(`keep-alive after a refused upload, over a real socket (${engineName})`, () => {
  let t: TestApp;
  let base: string;
  let port: number;
  let token: string;
  let bigPng: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    // A real PNG of ~11 MB: random pixels do not compress.
    const side = 1920;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    bigPng = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  });
  afterAll(async () => {
    // A connection left hanging (the bug this guards against) must not hold up the close.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('answers 413 in the API shape, then three GET /api/imageUpload on the same client without hanging', async () => {
    expect(bigPng.length).toBeGreaterThan(10 * 1024 * 1024);
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(bigPng)], { type: 'image/png' }), 'big.png');
    const upload = await fetch(`${base}/api/products/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    expect(upload.status).toBe(413);
    expect(await upload.json()).toEqual({ error: true, msg: messages.imageTooLarge });

    for (let n = 0; n < 3; n += 1) {
      const res = await fetch(`${base}/api/imageUpload`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
      expect(res.status, `GET ${n + 1}`).toBe(200);
      expect(await res.json(), `GET ${n + 1}`).toEqual([]);
    }
  });

  it('serves the next request on the very connection that carried the refused upload', async () => {
    const client = await RawClient.connect(port);
    try {
      const body = Buffer.concat([partHead, bigPng, partTail]);
      await client.write(Buffer.concat([Buffer.from(uploadHead(token, body.length)), body]));
      await client.write(`GET /api/imageUpload HTTP/1.1\r\nHost: shop.test\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      const refused = await client.nextAnswer();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ error: true, msg: messages.imageTooLarge });
      const next = await client.nextAnswer();
      expect(next.status, next.body).toBe(200);
      expect(JSON.parse(next.body)).toEqual([]);
      expect(client.closed).toBe(false);
    } finally {
      client.destroy();
    }
  });

  it('closes the connection instead of reading an endless remainder (the 413 still arrives)', async () => {
    const declared = 200 * 1024 * 1024;
    const client = await RawClient.connect(port);
    let sent = 0;
    try {
      await client.write(Buffer.concat([Buffer.from(uploadHead(token, declared)), partHead]));
      const chunk = Buffer.alloc(256 * 1024, 7);
      while (sent < declared && (await client.write(chunk))) sent += chunk.length;
      const refused = await client.nextAnswer();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ error: true, msg: messages.imageTooLarge });
      await client.waitForClose();
      // 10 MB read, at most 10 MB more dropped, and what the sockets' buffers held in between.
      expect(sent).toBeLessThan(declared / 2);
    } finally {
      client.destroy();
    }
    // The server is none the worse.
    const res = await fetch(`${base}/api/imageUpload`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});
