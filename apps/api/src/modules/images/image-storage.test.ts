import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { messages } from '@shopdesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../../../scripts/s3-server';
import { imageBackend, isStored, storedKeys } from '../../../test/image-backends';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { type FilePart, upload } from '../../../test/uploads';
import { sweepUnusedImages } from './images.service';

// S3 storage seen from outside (what a client gets, what the bucket holds), the per-account
// bound on the temporary store, and the bound on concurrent image work.

let hue = 0;
/** A PNG of one colour, each call another colour (so another file). */
async function png(width = 40, height = 30, filename = 'photo.png'): Promise<FilePart> {
  hue = (hue + 29) % 256;
  const data = await sharp({ create: { width, height, channels: 3, background: { r: hue, g: 40, b: 255 - hue } } })
    .png()
    .toBuffer();
  return { data, filename, type: 'image/png' };
}

/** A PNG of noise: it stays about width × height × 3 bytes once re-encoded. */
async function noisePng(width: number, height: number): Promise<FilePart> {
  const data = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { data, filename: 'noise.png', type: 'image/png' };
}

const keyOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
const smallOf = (key: string) => key.replace(/\.(jpg|png|webp)$/, '.small.webp');
const listStore = (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });
const storedUrls = async (t: TestApp, token: string) =>
  ((await listStore(t, token)).json() as Array<{ images: string[] }>).map((entry) => entry.images[0]);

describe(`images in an S3 bucket (${engineName})`, () => {
  const backend = imageBackend('s3');
  let t: TestApp;
  let token: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = await backend.env();
    t = await createTestApp(env);
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('stores an upload in the bucket, not on disk, and serves it from there as before', async () => {
    const sent = await png(400, 300);
    const res = await upload(t, token, [sent]);
    expect(res.statusCode).toBe(200);
    const url = res.json()[0] as string;
    const key = keyOf(url);
    expect(await storedKeys(t)).toEqual([key, smallOf(key)].sort());
    expect(fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir) : []).toEqual([]);

    const served = await t.request({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
      'content-length': String(served.rawPayload.length),
    });
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(String(served.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 300 });

    const small = await t.request({ method: 'GET', url: `/uploads/${smallOf(key)}` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });

    // A browser's revalidation: 304 with the same validators and headers, no body.
    const again = await t.request({
      method: 'GET',
      url: `/uploads/${key}`,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(served.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const changed = await t.request({ method: 'GET', url: `/uploads/${key}`, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(served.rawPayload)).toBe(true);

    const head = await t.request({ method: 'HEAD', url: `/uploads/${key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(served.rawPayload.length));
    expect(head.headers.etag).toBe(served.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 in the API shape for an image the bucket does not hold, and for names it never makes', async () => {
    for (const url of [
      '/uploads/users/0123456789abcdef01234567.png',
      '/uploads/users/README.txt',
      '/uploads/../jwt-secret',
      '/uploads/users',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: true, msg: messages.notFound });
    }
  });

  it('deletes the object and its small variant from the bucket', async () => {
    const url = (await upload(t, token, [await png()])).json()[0] as string;
    const key = keyOf(url);
    expect(await isStored(t, key)).toBe(true);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/user/deleteImage?img=${encodeURIComponent(url)}`,
      headers: bearer(token),
    });
    expect(res.json()).toEqual({ error: false, msg: messages.imageDeleted });
    expect(await isStored(t, key)).toBe(false);
    expect(await isStored(t, smallOf(key))).toBe(false);
    expect((await t.request({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
  });

  it('empties the temporary store: its objects leave the bucket', async () => {
    const urls = (await upload(t, token, [await png(), await png()])).json() as string[];
    expect(await storedUrls(t, token)).toEqual(expect.arrayContaining(urls));
    const res = await t.request({ method: 'DELETE', url: '/api/imageUpload/deleteAllImages', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await storedUrls(t, token)).toEqual([]);
    for (const url of urls) expect(await isStored(t, keyOf(url))).toBe(false);
  });

  it('sweeps unused objects an hour old and keeps the ones a record uses', async () => {
    const admin = await createAdmin(t, 'sweep-s3@shop.test');
    const [kept, orphan] = (await upload(t, admin.token, [await png(), await png()])).json() as string[];
    const saved = await t.request({
      method: 'PUT',
      url: `/api/user/${admin.id}`,
      headers: bearer(admin.token),
      payload: { name: 'Sweep', email: 'sweep-s3@shop.test', phone: '5550100', images: [kept] },
    });
    expect(saved.statusCode).toBe(200);
    // The orphan's entry is gone but its object stays, as after a crash between the two.
    await t.app.ctx.db.deleteFrom('temp_uploads').where('user_id', '=', admin.id).execute();
    t.advance(2 * 3_600_000);
    expect(await sweepUnusedImages(t.app.ctx)).toBe(1);
    expect(await isStored(t, keyOf(orphan as string))).toBe(false);
    expect(await isStored(t, smallOf(keyOf(orphan as string)))).toBe(false);
    expect(await isStored(t, keyOf(kept as string))).toBe(true);
    expect((await t.request({ method: 'GET', url: new URL(kept as string).pathname })).statusCode).toBe(200);
  });

  it('serves an image uploaded through another server on the same bucket', async () => {
    const other = await createTestApp(env);
    try {
      // Signed in again: the sweep test moved this app's clock past the session's idle time.
      const url = (await upload(t, await signIn(t), [await png(30, 20)])).json()[0] as string;
      const res = await other.request({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 30, height: 20 });
    } finally {
      await other.close();
    }
  });
});

describe(`object storage out of reach (${engineName})`, () => {
  it('answers 503 {error, msg} for uploads and images, and stores nothing', async () => {
    const s3 = await start();
    const t = await createTestApp(s3.env);
    try {
      const token = await signIn(t);
      await s3.stop();
      const res = await upload(t, token, [await png()]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: true, msg: messages.storageUnavailable });
      expect((await listStore(t, token)).json()).toEqual([]);
      const image = await t.request({ method: 'GET', url: '/uploads/users/0123456789abcdef01234567.png' });
      expect(image.statusCode).toBe(503);
      expect(image.json()).toEqual({ error: true, msg: messages.storageUnavailable });
    } finally {
      await t.close();
    }
  });
});

describe(`each account's temporary store is bounded (${engineName})`, () => {
  let t: TestApp;
  let asha: { id: string; token: string };
  let ravi: { id: string; token: string };
  const full = { error: true, msg: messages.stagingFull(3, 1) };
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_STAGING_FILES: '3', UPLOAD_STAGING_MB: '1' });
    asha = await createAdmin(t, 'asha@shop.test');
    ravi = await createAdmin(t, 'ravi@shop.test');
  });
  afterAll(() => t.close());

  const clear = (who: { token: string }) =>
    t.request({ method: 'DELETE', url: '/api/imageUpload/deleteAllImages', headers: bearer(who.token) });

  it('refuses with 413 the upload that would pass the count, stores none of it, takes what still fits', async () => {
    expect((await upload(t, asha.token, [await png(), await png()])).statusCode).toBe(200);
    const keysBefore = await storedKeys(t);
    const storeBefore = await storedUrls(t, asha.token);

    const over = await upload(t, asha.token, [await png(), await png()]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(full);
    expect(await storedKeys(t)).toEqual(keysBefore);
    expect(await storedUrls(t, asha.token)).toEqual(storeBefore);

    expect((await upload(t, asha.token, [await png()])).statusCode).toBe(200);
    const atLimit = await upload(t, asha.token, [await png()]);
    expect(atLimit.statusCode).toBe(413);
    expect(atLimit.json()).toEqual(full);
    expect(await storedUrls(t, asha.token)).toHaveLength(3);

    // Another account has its own room; emptying the store gives the room back.
    expect((await upload(t, ravi.token, [await png(), await png(), await png()])).statusCode).toBe(200);
    expect((await clear(asha)).statusCode).toBe(200);
    expect((await upload(t, asha.token, [await png()])).statusCode).toBe(200);
    await clear(asha);
    await clear(ravi);
  });

  it('refuses with 413 the upload that would pass the bytes, and removes what it had stored', async () => {
    const keysBefore = await storedKeys(t);
    // ~0.7 MB each once stored: one fits in 1 MB, two do not.
    const first = await upload(t, asha.token, [await noisePng(480, 480)]);
    expect(first.statusCode).toBe(200);
    const second = await upload(t, asha.token, [await noisePng(480, 480)]);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual(full);
    expect(await storedUrls(t, asha.token)).toEqual(first.json());
    const key = keyOf(first.json()[0]);
    expect(await storedKeys(t)).toEqual([...keysBefore, key, smallOf(key)].sort());
    await clear(asha);
  });

  it('counts uploads sent at once by one account: no more than the bound get in', async () => {
    const keysBefore = await storedKeys(t);
    const answers = await Promise.all(Array.from({ length: 6 }, async () => upload(t, asha.token, [await png()])));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413]);
    for (const res of answers) if (res.statusCode === 413) expect(res.json()).toEqual(full);
    const urls = await storedUrls(t, asha.token);
    expect(urls.sort()).toEqual(answers.flatMap((res) => (res.statusCode === 200 ? res.json() : [])).sort());
    // The refused ones left nothing behind in the store.
    expect((await storedKeys(t)).length).toBe(keysBefore.length + 3 * 2);
    await clear(asha);
  });
});

describe(`concurrent image work is bounded (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_CONCURRENCY: '2' });
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('decodes at most IMAGE_CONCURRENCY images at once, and every upload gets its own images back', async () => {
    const work = t.app.ctx.imageWork;
    expect(work.concurrency).toBe(2);
    // Eight uploads of two images each, every image of its own size, all sent at once.
    const sizes = Array.from({ length: 8 }, (_, n) => [
      [600 + n, 400 + n],
      [300 + n, 700 + n],
    ]);
    const bodies = await Promise.all(sizes.map((pair) => Promise.all(pair.map(([w, h]) => noisePng(w ?? 1, h ?? 1)))));
    const answers = await Promise.all(bodies.map((files) => upload(t, token, files)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(work.peak).toBe(2);
    expect({ running: work.running, waiting: work.waiting }).toEqual({ running: 0, waiting: 0 });
    for (const [n, res] of answers.entries()) {
      const urls = res.json() as string[];
      expect(urls).toHaveLength(2);
      for (const [i, url] of urls.entries()) {
        const served = await t.request({ method: 'GET', url: new URL(url).pathname });
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.width, meta.height], url).toEqual(sizes[n]?.[i]);
      }
    }
  });

  it('gives a slot back when an image is refused: refusals at once never block later uploads', async () => {
    const work = t.app.ctx.imageWork;
    const junk: FilePart = { data: Buffer.from('not an image at all'), filename: 'x.png', type: 'image/png' };
    const refused = await Promise.all(Array.from({ length: 5 }, () => upload(t, token, [junk])));
    expect(refused.map((res) => res.statusCode)).toEqual(Array(5).fill(415));
    expect({ running: work.running, waiting: work.waiting }).toEqual({ running: 0, waiting: 0 });
    expect((await upload(t, token, [await png()])).statusCode).toBe(200);
  });

  it('runs one image at a time with IMAGE_CONCURRENCY=1', async () => {
    const one = await createTestApp({ IMAGE_CONCURRENCY: '1' });
    try {
      const owner = await signIn(one);
      const answers = await Promise.all(
        Array.from({ length: 4 }, async () => upload(one, owner, [await noisePng(500, 500)])),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      expect(one.app.ctx.imageWork.peak).toBe(1);
    } finally {
      await one.close();
    }
  });
});
