import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@shopdesk/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { imageBackend, imageBackends, isStored, putForeign, storedKeys } from '../../../test/image-backends';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { type FilePart, upload } from '../../../test/uploads';
import { sweepUnusedImages } from './images.service';

// ---------------------------------------------------------------------------------------------
// Helpers: images made with sharp, multipart bodies, the uploads folder
// ---------------------------------------------------------------------------------------------

const listStore = (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(token) });

const deleteImage = (t: TestApp, token: string, img: string) =>
  t.request({ method: 'DELETE', url: `/api/user/deleteImage?img=${encodeURIComponent(img)}`, headers: bearer(token) });

const deleteAll = (t: TestApp, token: string) =>
  t.request({ method: 'DELETE', url: '/api/imageUpload/deleteAllImages', headers: bearer(token) });

/** A solid-colour image of the given format (each call a different colour, so a different file). */
let hue = 0;
function solid(width: number, height: number) {
  hue = (hue + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: 255 - hue, b: 90 } } });
}
const pngOf = (width = 40, height = 30) => solid(width, height).png().toBuffer();
const jpegOf = (width = 40, height = 30) => solid(width, height).jpeg().toBuffer();
const webpOf = (width = 40, height = 30) => solid(width, height).webp().toBuffer();
const gifOf = () => solid(20, 20).gif().toBuffer();

const png = async (filename = 'photo.png'): Promise<FilePart> => ({ data: await pngOf(), filename, type: 'image/png' });

/** `users/<24 hex>.png` for `http://host/uploads/users/<24 hex>.png`. */
const fileOf = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');
const smallOf = (file: string) => file.replace(/\.(jpg|png|webp)$/, '.small.webp');
const serve = (t: TestApp, url: string) => t.request({ method: 'GET', url: new URL(url).pathname });

const urlPattern = (ext: string) => new RegExp(`^http://localhost:80/uploads/users/[0-9a-f]{24}\\.${ext}$`);
const invalidImage = { error: true, msg: 'Please select a valid JPG or PNG image file.' };

async function uploadOne(t: TestApp, token: string): Promise<string> {
  const res = await upload(t, token, [await png()]);
  expect(res.statusCode).toBe(200);
  return res.json()[0] as string;
}

const saveProfileImages = (t: TestApp, admin: { id: string; token: string }, email: string, images: string[]) =>
  t.request({
    method: 'PUT',
    url: `/api/user/${admin.id}`,
    headers: bearer(admin.token),
    payload: { name: 'Admin', email, phone: '5550100', images },
  });

// ---------------------------------------------------------------------------------------------

describe.each(imageBackends)('images stored on %s', (kind) => {
  const backend = imageBackend(kind);

  describe(`POST /api/user/upload (${engineName})`, () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(await backend.env());
      token = await signIn(t);
    });
    afterAll(() => t.close());

    it('stores a PNG, a JPEG and a WebP and answers with their absolute URLs', async () => {
      const res = await upload(t, token, [
        { data: await pngOf(), filename: 'a.png', type: 'image/png' },
        { data: await jpegOf(), filename: 'b.jpeg', type: 'image/jpeg' },
        { data: await webpOf(), filename: 'c.webp', type: 'image/webp' },
      ]);
      expect(res.statusCode).toBe(200);
      const urls = res.json() as string[];
      expect(urls).toHaveLength(3);
      expect(urls[0]).toMatch(urlPattern('png'));
      expect(urls[1]).toMatch(urlPattern('jpg'));
      expect(urls[2]).toMatch(urlPattern('webp'));
      for (const url of urls) {
        expect(await isStored(t, fileOf(url)), url).toBe(true);
        expect(await isStored(t, smallOf(fileOf(url))), url).toBe(true);
      }
    });

    it('serves the stored file sandboxed, with nosniff and a long cache lifetime', async () => {
      const url = await uploadOne(t, token);
      const res = await serve(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    });

    it('answers a revalidation with 304 (ETag or date) and a HEAD with the size and no body', async () => {
      const url = await uploadOne(t, token);
      const imagePath = new URL(url).pathname;
      const res = await serve(t, url);
      const { etag } = res.headers;
      expect(etag).toBeTruthy();
      const lastModified = String(res.headers['last-modified']);
      const byTag = await t.request({ method: 'GET', url: imagePath, headers: { 'if-none-match': String(etag) } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      const byDate = await t.request({ method: 'GET', url: imagePath, headers: { 'if-modified-since': lastModified } });
      expect(byDate.statusCode).toBe(304);
      const stale = await t.request({ method: 'GET', url: imagePath, headers: { 'if-none-match': 'W/"0-0"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(res.rawPayload)).toBe(true);
      const head = await t.request({ method: 'HEAD', url: imagePath });
      expect(head.statusCode).toBe(200);
      expect(head.headers).toMatchObject({ etag, 'content-type': 'image/png' });
      expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it('makes a small WebP variant beside each image', async () => {
      const res = await upload(t, token, [{ data: await pngOf(400, 200), filename: 'wide.png', type: 'image/png' }]);
      const url = res.json()[0] as string;
      const small = await t.request({ method: 'GET', url: `/uploads/${smallOf(fileOf(url))}` });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/webp');
      const meta = await sharp(small.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 160, height: 80 });
    });

    it('judges the type by the content, not by the name or the declared type', async () => {
      const res = await upload(t, token, [{ data: await pngOf(), filename: 'holiday.jpg', type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatch(urlPattern('png'));
    });

    it('re-encodes without metadata and applies the EXIF orientation', async () => {
      const withExif = await solid(40, 20)
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Secret Person', ImageDescription: 'Home at 12 Hidden Lane' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const original = await sharp(withExif).metadata();
      expect(original.exif).toBeDefined();
      expect(original.orientation).toBe(6);

      const res = await upload(t, token, [{ data: withExif, filename: 'camera.jpg', type: 'image/jpeg' }]);
      expect(res.statusCode).toBe(200);
      const stored = (await serve(t, res.json()[0])).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('Secret Person')).toBe(false);
      expect(stored.includes('Hidden Lane')).toBe(false);
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 20, height: 40 });
    });

    it('takes an image larger than the JSON body limit (1 MB)', async () => {
      const noise = randomBytes(800 * 800 * 3);
      const big = await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await upload(t, token, [{ data: big, filename: 'noise.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatch(urlPattern('png'));
    });

    it('takes ten files at once', async () => {
      const files = await Promise.all(Array.from({ length: 10 }, (_, n) => png(`p${n}.png`)));
      const res = await upload(t, token, files);
      expect(res.statusCode).toBe(200);
      expect(new Set(res.json() as string[]).size).toBe(10);
    });

    it('starts URLs with PUBLIC_URL when it is set', async () => {
      const other = await createTestApp({ ...(await backend.env()), PUBLIC_URL: 'https://shop.example.com/' });
      try {
        const res = await upload(other, await signIn(other), [await png()]);
        expect(res.statusCode).toBe(200);
        const url = res.json()[0] as string;
        expect(url).toMatch(/^https:\/\/shop\.example\.com\/uploads\/users\/[0-9a-f]{24}\.png$/);
        expect((await serve(other, url)).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  describe(`refused uploads store nothing (${engineName})`, () => {
    let t: TestApp;
    let token: string;
    let bomb: Buffer;
    beforeAll(async () => {
      t = await createTestApp(await backend.env());
      token = await signIn(t);
      // 64 megapixels of one colour: a small file that would decode to ~200 MB.
      bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: 'white' } })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
    });
    afterAll(() => t.close());

    /** Sends the files and checks the refusal left no file and no temporary entry behind. */
    async function expectRefused(files: FilePart[], status: number, body: Record<string, unknown>) {
      await uploadOne(t, token); // something already there, which must stay as it is
      const filesBefore = await storedKeys(t);
      const storeBefore = (await listStore(t, token)).json();
      const res = await upload(t, token, files);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      expect(await storedKeys(t)).toEqual(filesBefore);
      expect((await listStore(t, token)).json()).toEqual(storeBefore);
    }

    it('refuses text named .png', async () => {
      const text = Buffer.from('just some notes, not a picture\n'.repeat(20));
      await expectRefused([{ data: text, filename: 'notes.png', type: 'image/png' }], 415, invalidImage);
    });

    it('refuses a GIF', async () => {
      await expectRefused([{ data: await gifOf(), filename: 'anim.gif', type: 'image/gif' }], 415, invalidImage);
    });

    it('refuses an SVG with a script, whatever it is called', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script>' +
          '<rect width="10" height="10" fill="red"/></svg>',
      );
      await expectRefused([{ data: svg, filename: 'logo.svg', type: 'image/svg+xml' }], 415, invalidImage);
      await expectRefused([{ data: svg, filename: 'logo.png', type: 'image/png' }], 415, invalidImage);
    });

    it('refuses a truncated PNG', async () => {
      const whole = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
        .png()
        .toBuffer();
      const truncated = whole.subarray(0, Math.floor(whole.length / 2));
      await expectRefused([{ data: truncated, filename: 'cut.png', type: 'image/png' }], 415, invalidImage);
    });

    it('refuses a decompression bomb (64 megapixels in a small file)', async () => {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectRefused([{ data: bomb, filename: 'bomb.png', type: 'image/png' }], 415, invalidImage);
    });

    it('refuses the whole upload when one of several files is bad', async () => {
      const text = Buffer.from('not an image');
      await expectRefused(
        [await png('good.png'), { data: text, filename: 'bad.jpg', type: 'image/jpeg' }, await png('good2.png')],
        415,
        invalidImage,
      );
    });

    it('refuses a file over 10 MB with 413', async () => {
      const huge = Buffer.concat([await pngOf(), randomBytes(10 * 1024 * 1024)]);
      await expectRefused([{ data: huge, filename: 'huge.png', type: 'image/png' }], 413, {
        error: true,
        msg: messages.imageTooLarge,
      });
    });

    it('refuses eleven files with 413', async () => {
      const files = await Promise.all(Array.from({ length: 11 }, (_, n) => png(`p${n}.png`)));
      await expectRefused(files, 413, { error: true, msg: messages.tooManyFiles });
    });

    it('refuses an upload with no file under `images` with 400', async () => {
      await expectRefused([{ ...(await png()), field: 'photo' }], 400, { error: true, msg: messages.noFiles });
      await expectRefused([], 400, { error: true, msg: messages.noFiles });
    });

    it('answers a request that is not multipart with a 4xx, never a 5xx', async () => {
      const before = await storedKeys(t);
      const requests = [
        { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ images: ['x'] }) },
        { headers: {}, payload: undefined },
        { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
        { headers: { 'content-type': 'multipart/form-data; boundary=abc' }, payload: '' },
      ];
      for (const { headers, payload } of requests) {
        const res = await t.request({
          method: 'POST',
          url: '/api/user/upload',
          headers: { ...bearer(token), ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        const label = String(headers['content-type' as keyof typeof headers] ?? 'no body');
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.json().error, label).toBe(true);
      }
      expect(await storedKeys(t)).toEqual(before);
    });
  });

  describe(`the temporary upload store (${engineName})`, () => {
    let t: TestApp;
    let asha: { id: string; token: string };
    let ravi: { id: string; token: string };
    beforeAll(async () => {
      t = await createTestApp(await backend.env());
      asha = await createAdmin(t, 'asha@shop.test');
      ravi = await createAdmin(t, 'ravi@shop.test');
    });
    afterAll(() => t.close());

    it('lists each admin’s own uploads only', async () => {
      const mine = (await upload(t, asha.token, [await png('a1.png'), await png('a2.png')])).json() as string[];
      const theirs = (await upload(t, ravi.token, [await png('r1.png')])).json() as string[];

      const ashaList = await listStore(t, asha.token);
      expect(ashaList.statusCode).toBe(200);
      const entries = ashaList.json() as Array<{ _id: string; id: string; images: string[] }>;
      expect(entries).toEqual(
        mine.map((url) => ({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), id: expect.any(String), images: [url] })),
      );
      for (const entry of entries) expect(entry._id).toBe(entry.id);

      const raviList = (await listStore(t, ravi.token)).json() as Array<{ images: string[] }>;
      expect(raviList.map((entry) => entry.images[0])).toEqual(theirs);
    });

    it('deletes an image: the entry and its files go', async () => {
      const url = await uploadOne(t, asha.token);
      const file = fileOf(url);
      const res = await deleteImage(t, asha.token, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      const urls = ((await listStore(t, asha.token)).json() as Array<{ images: string[] }>).map((e) => e.images[0]);
      expect(urls).not.toContain(url);
      expect(await isStored(t, file)).toBe(false);
      expect(await isStored(t, smallOf(file))).toBe(false);
      expect((await serve(t, url)).statusCode).toBe(404);
    });

    it('keeps the file when a saved record uses it', async () => {
      const url = await uploadOne(t, asha.token);
      expect((await saveProfileImages(t, asha, 'asha@shop.test', [url])).statusCode).toBe(200);
      const res = await deleteImage(t, asha.token, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: false, msg: 'Image Deleted!' });
      const urls = ((await listStore(t, asha.token)).json() as Array<{ images: string[] }>).map((e) => e.images[0]);
      expect(urls).not.toContain(url);
      expect(await isStored(t, fileOf(url))).toBe(true);
      expect((await serve(t, url)).statusCode).toBe(200);
    });

    it('never lets one admin delete another admin’s pending upload', async () => {
      const url = await uploadOne(t, ravi.token);
      const res = await deleteImage(t, asha.token, url);
      expect(res.statusCode).toBeLessThan(500);
      expect(await isStored(t, fileOf(url))).toBe(true);
      const raviUrls = ((await listStore(t, ravi.token)).json() as Array<{ images: string[] }>).map((e) => e.images[0]);
      expect(raviUrls).toContain(url);
    });

    it('refuses a delete without img with 400 and touches no file outside the uploads', async () => {
      const before = await storedKeys(t);
      for (const url of ['/api/user/deleteImage', '/api/user/deleteImage?img=']) {
        const res = await t.request({ method: 'DELETE', url, headers: bearer(asha.token) });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ error: true, msg: 'img is required' });
      }
      const secret = path.join(t.config.dataDir, 'jwt-secret');
      expect(fs.existsSync(secret)).toBe(true);
      for (const img of [
        'http://localhost/uploads/../jwt-secret',
        '../jwt-secret',
        'http://localhost/uploads/users/..%2f..%2fjwt-secret',
      ]) {
        const res = await deleteImage(t, asha.token, img);
        expect(res.statusCode, img).toBeLessThan(500);
      }
      expect(fs.existsSync(secret)).toBe(true);
      expect(await storedKeys(t)).toEqual(before);
    });

    it('does not serve files outside the uploads folder', async () => {
      for (const url of ['/uploads/../jwt-secret', '/uploads/..%2fjwt-secret', '/uploads/%2e%2e/jwt-secret']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body, url).not.toContain(fs.readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8').trim());
      }
    });

    it('empties only the caller’s store and removes only their unused files', async () => {
      const kept = await uploadOne(t, asha.token);
      expect((await saveProfileImages(t, asha, 'asha@shop.test', [kept])).statusCode).toBe(200);
      const dropped = await uploadOne(t, asha.token);
      const raviBefore = (await listStore(t, ravi.token)).json() as Array<{ images: string[] }>;
      expect(raviBefore.length).toBeGreaterThan(0);

      const res = await deleteAll(t, asha.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ error: false });

      expect((await listStore(t, asha.token)).json()).toEqual([]);
      expect(await isStored(t, fileOf(dropped))).toBe(false);
      expect(await isStored(t, smallOf(fileOf(dropped)))).toBe(false);
      expect(await isStored(t, fileOf(kept))).toBe(true);
      expect((await listStore(t, ravi.token)).json()).toEqual(raviBefore);
      for (const entry of raviBefore) expect(await isStored(t, fileOf(entry.images[0] as string))).toBe(true);
    });
  });

  describe(`sweepUnusedImages (${engineName})`, () => {
    let t: TestApp;
    afterEach(() => t.close());

    it('removes files nothing references once they are an hour old, keeps the rest', async () => {
      t = await createTestApp(await backend.env());
      const admin = await createAdmin(t, 'sweeper@shop.test');
      const [saved, orphan, pending] = (
        await upload(t, admin.token, [await png(), await png(), await png()])
      ).json() as string[];
      expect((await saveProfileImages(t, admin, 'sweeper@shop.test', [saved as string])).statusCode).toBe(200);
      // The orphan loses its temporary entry without its file being removed (as after a crash).
      await t.app.ctx.db
        .deleteFrom('temp_uploads')
        // Stored as paths: the origin is added on the way out.
        .where('url', 'in', [new URL(saved as string).pathname, new URL(orphan as string).pathname])
        .execute();
      await putForeign(t, 'users/README.txt', 'not one of ours');

      // Young files are left alone, referenced or not.
      expect(await sweepUnusedImages(t.app.ctx)).toBe(0);
      expect(await isStored(t, fileOf(orphan as string))).toBe(true);

      t.advance(2 * 3_600_000);
      expect(await sweepUnusedImages(t.app.ctx)).toBe(1);
      expect(await isStored(t, fileOf(orphan as string))).toBe(false);
      expect(await isStored(t, smallOf(fileOf(orphan as string)))).toBe(false);
      for (const url of [saved, pending] as string[]) {
        expect(await isStored(t, fileOf(url)), url).toBe(true);
        expect(await isStored(t, smallOf(fileOf(url))), url).toBe(true);
        expect((await serve(t, url)).statusCode).toBe(200);
      }
      expect(await isStored(t, 'users/README.txt')).toBe(true);
    });

    it('drops temporary entries after a day, then their unused files', async () => {
      t = await createTestApp(await backend.env());
      const token = await signIn(t);
      const old = await uploadOne(t, token);
      t.advance(25 * 3_600_000);
      const token2 = await signIn(t);
      const fresh = await uploadOne(t, token2);

      expect(await sweepUnusedImages(t.app.ctx)).toBe(1);
      expect(await isStored(t, fileOf(old))).toBe(false);
      expect(await isStored(t, fileOf(fresh))).toBe(true);
      const urls = ((await listStore(t, token2)).json() as Array<{ images: string[] }>).map((e) => e.images[0]);
      expect(urls).toEqual([fresh]);
    });
  });
});
