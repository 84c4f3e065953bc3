import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importMessages, maxImageBytes, messages } from '@shopdesk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/catalogue-fixtures';
import { allProducts, csvRow, header, importCsv } from '../../../test/import-helpers';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { isPrivateAddress } from './product-import-images';

/** A local server of images: a real PNG, a slow answer, a large one, and text that is no image. */
async function imageServer() {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  let pngRequests = 0;
  const server = http.createServer((request, response) => {
    if (request.url === '/phone.png') {
      pngRequests += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (request.url === '/slow.png') {
      setTimeout(() => response.writeHead(200).end(png), 3000).unref();
    } else if (request.url === '/large.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      // No content-length: the size is counted as the bytes come.
      const chunk = Buffer.alloc(1024 * 1024);
      for (let sent = 0; sent <= maxImageBytes; sent += chunk.length) response.write(chunk);
      response.end();
    } else if (request.url === '/moved.png') {
      response.writeHead(302, { location: '/phone.png' }).end();
    } else if (request.url === '/text.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end('not an image');
    } else response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server, pngRequests: () => pngRequests };
}

describe(`product import: images by URL (${engineName})`, () => {
  let images: Awaited<ReturnType<typeof imageServer>>;
  let allowed: TestApp;
  let strict: TestApp;
  let allowedToken: string;
  let strictToken: string;

  beforeAll(async () => {
    images = await imageServer();
    allowed = await createTestApp({ IMPORT_ALLOW_PRIVATE_URLS: 'true', IMPORT_URL_TIMEOUT_SECONDS: '1' });
    strict = await createTestApp();
    allowedToken = await signIn(allowed);
    strictToken = await signIn(strict);
    await createCategory(allowed, allowedToken, 'Phones');
    await createCategory(strict, strictToken, 'Phones');
  });
  afterAll(async () => {
    await allowed?.close();
    await strict?.close();
    images?.server.close();
  });

  it('downloads an image once, through the upload pipeline, and stores it as an upload of the shop', async () => {
    const url = `${images.base}/phone.png`;
    const csv = [
      header,
      csvRow({ name: 'One', images: url }),
      csvRow({ name: 'Two', images: `${url}|${images.base}/moved.png` }),
    ].join('\n');
    const result = await importCsv(allowed, allowedToken, csv);
    expect(result).toMatchObject({ rows: 2, created: 2, failed: 0 });
    const products = await allProducts(allowed, allowedToken);
    const stored = products.flatMap((p) => p.images);
    expect(stored).toHaveLength(3);
    for (const image of stored) expect(image).toMatch(/^http:\/\/localhost:80\/uploads\/products\/[0-9a-f]{24}\.png$/);
    // Re-encoded and served as any upload is.
    const served = await allowed.request({ method: 'GET', url: new URL(stored[0] ?? '').pathname });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(32);
    expect(images.pngRequests()).toBe(2); // once for the URL, once after the redirect
  });

  it('refuses an address inside the network unless IMPORT_ALLOW_PRIVATE_URLS', async () => {
    const url = `${images.base}/phone.png`;
    // By address, and by a name that resolves inside the network.
    const named = url.replace('127.0.0.1', 'localhost');
    const csv = [header, csvRow({ images: url }), csvRow({ images: named })].join('\n');
    const result = await importCsv(strict, strictToken, csv);
    expect(result.errors).toEqual([
      { row: 2, column: 'images', msg: importMessages.imageRefused(url, 'its address is inside the network') },
      { row: 3, column: 'images', msg: importMessages.imageRefused(named, 'its address is inside the network') },
    ]);
    expect(await allProducts(strict, strictToken)).toEqual([]);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::6810:84e5'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a URL too slow to answer, one larger than an upload, and bytes that are no image', async () => {
    const slow = `${images.base}/slow.png`;
    const large = `${images.base}/large.png`;
    const text = `${images.base}/text.png`;
    const csv = [header, csvRow({ images: slow }), csvRow({ images: large }), csvRow({ images: text })].join('\n');
    const result = await importCsv(allowed, allowedToken, csv, '?dryRun=true');
    expect(result.errors).toEqual([
      { row: 2, column: 'images', msg: importMessages.imageRefused(slow, 'no answer within 1 s') },
      { row: 3, column: 'images', msg: importMessages.imageRefused(large, 'it is larger than an upload may be') },
      { row: 4, column: 'images', msg: importMessages.imageRefused(text, messages.invalidImage) },
    ]);
  });

  it("this shop's own upload URLs are kept as they are, not downloaded", async () => {
    const own = 'http://localhost:80/uploads/products/0123456789abcdef01234567.png';
    const result = await importCsv(strict, strictToken, `${header}\n${csvRow({ name: 'Own', images: own })}\n`);
    expect(result).toMatchObject({ created: 1, failed: 0 });
    const [product] = await allProducts(strict, strictToken);
    expect(product?.images).toEqual([own]);
    const res = await strict.request({ method: 'GET', url: '/api/products', headers: bearer(strictToken) });
    expect(res.statusCode).toBe(200);
  });
});
