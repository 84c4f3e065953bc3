import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import { maxImageBytes, messages } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxDiscardedBytes } from '../../src/plugins/unread-body';
import { pngImage } from '../catalogue-fixtures';
import { bearer, engineName, signIn, type TestApp } from '../test-app';
import { uploadedFiles } from './db-checksum';
import { createAppWithRoutes } from './route-list';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** multipart/form-data with files under `images`, names and declared types as given (raw bytes). */
function multipart(files: FilePart[]): { contentType: string; body: Buffer } {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="`),
      Buffer.from(file.filename ?? 'image.png', 'utf8'),
      Buffer.from(`"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

const uploadRequest = (token: string, files: FilePart[], url = '/api/products/upload'): InjectOptions => {
  const { contentType, body } = multipart(files);
  return { method: 'POST', url, headers: { ...bearer(token), 'content-type': contentType }, payload: body };
};

const invalidImage = { error: true, msg: messages.invalidImage };

/** A JPEG with a COM (comment) segment right after SOI. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a well-formed PNG of 20000×20000 grey pixels (400 megapixels, 400 MB
 * raw) whose pixel data deflates to well under a megabyte. The rows go through zlib a block at
 * a time, so the test never holds the 400 MB either.
 */
async function pngBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0; // filter: none
  const rowsPerBlock = 500;
  const block = Buffer.concat(Array.from({ length: rowsPerBlock }, () => row));
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let written = 0; written < height; written += rowsPerBlock) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file under DATA_DIR that is not the database, the secret or a stored image. */
function strayFiles(t: TestApp): string[] {
  const root = t.config.dataDir;
  const stray: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) walk(full);
      else if (
        !/^uploads\/[a-z]+\/[0-9a-f]{24}(\.small)?\.(jpg|png|webp)$/.test(relative) &&
        !/^(shopdesk\.sqlite.*|jwt-secret)$/.test(relative)
      )
        stray.push(relative);
    }
  };
  walk(root);
  return stray;
}

// ---------------------------------------------------------------------------------------------

describe(`hostile uploads (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  beforeAll(async () => {
    ({ t } = await createAppWithRoutes());
    token = await signIn(t);
    ownerId = (await t.app.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const tempStore = () => t.app.ctx.db.selectFrom('temp_uploads').selectAll().where('user_id', '=', ownerId).execute();

  /** Sends the upload and proves it was refused with nothing stored (files and temporary store). */
  async function expectRefused(request: InjectOptions, status: number, body?: unknown) {
    const filesBefore = uploadedFiles(t);
    const storeBefore = await tempStore();
    const res = await t.request(request);
    expect(res.statusCode, res.body).toBe(status);
    if (body) expect(res.json()).toEqual(body);
    else expect(res.json()).toMatchObject({ error: true, msg: expect.any(String) });
    expect(uploadedFiles(t)).toEqual(filesBefore);
    expect(await tempStore()).toEqual(storeBefore);
    return res;
  }

  async function fetchServed(url: string) {
    const served = await t.request({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(served.headers['content-security-policy']);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    return served;
  }

  it('re-encodes a JPEG/HTML polyglot (script appended and in a comment segment): the served file has no <script', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const script = '<script>alert(1)</script><html><body onload=alert(2)>';
    const polyglots = [
      Buffer.concat([jpeg, Buffer.from(script)]),
      withJpegComment(jpeg, script),
      withJpegComment(Buffer.concat([jpeg, Buffer.from(script)]), `*/=1;${script}/*`),
    ];
    for (const data of polyglots) {
      expect(data.includes('<script')).toBe(true);
      expect((await sharp(data).metadata()).format).toBe('jpeg');
      const res = await t.request(uploadRequest(token, [{ data, filename: 'photo.html', contentType: 'text/html' }]));
      expect(res.statusCode, res.body).toBe(200);
      const [url] = res.json() as string[];
      expect(url).toMatch(/\/uploads\/products\/[0-9a-f]{24}\.jpg$/);
      for (const served of [
        await fetchServed(String(url)),
        await fetchServed(String(url).replace('.jpg', '.small.webp')),
      ]) {
        expect(served.rawPayload.includes('<script')).toBe(false);
        expect(served.rawPayload.toString('latin1').toLowerCase()).not.toContain('alert(');
        expect(String(served.headers['content-type'])).toMatch(/^image\/(jpeg|webp)/);
      }
    }
  });

  it('refuses SVG (with script), HTML, GIF, truncated and corrupt images with 415, storing nothing', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const png = await pngImage(64, 48);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const corruptJpeg = Buffer.from(jpeg);
    corruptJpeg.fill(0xff, 20, Math.floor(jpeg.length * 0.6));
    const corruptPng = Buffer.from(png);
    corruptPng.fill(0, 40, png.length - 12);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases: Array<[string, FilePart]> = [
      ['svg with script', { data: svg, filename: 'logo.svg', contentType: 'image/svg+xml' }],
      ['svg named .png', { data: svg, filename: 'logo.png', contentType: 'image/png' }],
      ['html', { data: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'x.jpg' }],
      ['gif', { data: gif, filename: 'x.gif', contentType: 'image/gif' }],
      ['truncated png', { data: png.subarray(0, Math.floor(png.length / 2)) }],
      ['png header only', { data: png.subarray(0, 33) }],
      ['truncated jpeg', { data: jpeg.subarray(0, Math.floor(jpeg.length / 3)), filename: 'x.jpg' }],
      ['corrupt jpeg', { data: corruptJpeg, filename: 'x.jpg' }],
      ['corrupt png', { data: corruptPng }],
      ['empty file', { data: Buffer.alloc(0) }],
      ['random bytes', { data: randomBytes(4096) }],
    ];
    for (const [name, file] of cases) {
      const res = await expectRefused(uploadRequest(token, [file]), 415, invalidImage);
      expect(res.body, name).not.toContain('<script');
    }
    // One bad file among good ones: the whole upload is refused, the good ones are not kept either.
    await expectRefused(
      uploadRequest(token, [{ data: png }, { data: svg, filename: 'b.svg' }, { data: png }]),
      415,
      invalidImage,
    );
  });

  it('refuses a decompression bomb (20000×20000 px in a small PNG) with 415 in well under 2 s', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]);
    const started = performance.now();
    await expectRefused(uploadRequest(token, [{ data: bomb }]), 415, invalidImage);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a file over 10 MB with 413 while streaming, before the rest of the body is read', async () => {
    const png = await pngImage();
    const total = 64 * 1024 * 1024;
    let pulled = 0;
    const { contentType, body } = multipart([{ data: png }]);
    const [head, tail] = [body.subarray(0, body.indexOf(png)), body.subarray(body.indexOf(png) + png.length)];
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const stream = new Readable({
      read() {
        if (pulled === 0) {
          this.push(head);
          this.push(png);
        }
        if (pulled >= total) {
          this.push(tail);
          this.push(null);
          return;
        }
        pulled += chunk.length;
        this.push(chunk);
      },
    });
    const filesBefore = uploadedFiles(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/products/upload',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: stream,
    });
    const pulledAtAnswer = pulled;
    stream.destroy();
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ error: true, msg: messages.imageTooLarge });
    // The answer came once the file passed 10 MB, not after all 64 MB were read: after it, at
    // most maxDiscardedBytes more are dropped to keep the connection (unread-body.ts), then it is closed.
    expect(pulledAtAnswer).toBeGreaterThan(maxImageBytes - chunk.length);
    expect(pulledAtAnswer).toBeLessThan(maxImageBytes + maxDiscardedBytes + 4 * 1024 * 1024);
    expect(uploadedFiles(t)).toEqual(filesBefore);

    // The same with a buffered body (Content-Length known up front).
    const big = Buffer.concat([png, Buffer.alloc(maxImageBytes + 1 - png.length + 1024, 0)]);
    await expectRefused(uploadRequest(token, [{ data: big }]), 413, { error: true, msg: messages.imageTooLarge });
  });

  it('refuses 11 files with 413 and stores none of them', async () => {
    const files = await Promise.all(Array.from({ length: 11 }, () => pngImage(8, 8)));
    await expectRefused(
      uploadRequest(
        token,
        files.map((data) => ({ data })),
      ),
      413,
      { error: true, msg: messages.tooManyFiles },
    );
  });

  it('stores files under its own generated names whatever the client calls them, never outside DATA_DIR/uploads', async () => {
    const names = [
      '../../etc/passwd.png',
      '..\\..\\windows\\win.ini.png',
      '/etc/shadow.png',
      'a\u0000b.png',
      'évidence 🖼️ 照片.png',
      `${'long'.repeat(300)}.png`,
      '.htaccess',
      'x.php%00.png',
      'CON.png',
    ];
    const parent = path.dirname(t.config.dataDir);
    const before = fs.readdirSync(parent).sort();
    for (const filename of names) {
      const res = await t.request(uploadRequest(token, [{ data: await pngImage(), filename }], '/api/user/upload'));
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(200);
      const urls = res.json() as string[];
      expect(urls).toHaveLength(1);
      expect(urls[0]).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\/users\/[0-9a-f]{24}\.png$/);
      await fetchServed(String(urls[0]));
    }
    expect(strayFiles(t)).toEqual([]);
    expect(fs.readdirSync(parent).sort()).toEqual(before);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'etc'))).toBe(false);
    const stored = (await tempStore()).map((row) => row.file_path);
    for (const filePath of stored) expect(filePath).toMatch(/^[a-z]+\/[0-9a-f]{24}\.(jpg|png|webp)$/);
  });

  it('never serves files outside the uploads folder through /uploads', async () => {
    for (const url of [
      '/uploads/../jwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads/products/..%5c..%5cjwt-secret',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(fs.readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8').trim());
    }
  });
});
