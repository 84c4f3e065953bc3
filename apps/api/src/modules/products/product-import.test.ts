import { importMessages, type Job, jobMessages, type LiveEvent, productMessages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSubCategory, imagePath } from '../../../test/catalogue-fixtures';
import { allProducts, csvRow, header, importCsv, sendImport, settle } from '../../../test/import-helpers';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const image = imagePath('galaxy');

describe(`product import: files and rows (${engineName})`, () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    const phones = await createCategory(t, owner, 'Phones');
    await createSubCategory(t, owner, 'Android', phones.id);
    await createCategory(t, owner, 'Café & Crème');
  });
  afterAll(() => t.close());

  it('reads a UTF-8 BOM, CRLF line ends, RFC 4180 quotes, newlines, commas and apostrophes inside fields', async () => {
    const rows = [
      csvRow({ name: 'Nokia 3310 "Classic"', description: 'Line one\r\nLine two, with a comma', images: image }),
      csvRow({ name: "Kid's Tablet", brand: "O'Neill", subCategory: 'Android', images: image }),
      csvRow({ name: 'Crème brûlée set — 日本語', category: 'Café & Crème', location: 'IN|LK|All', images: image }),
    ];
    const csv = `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`;
    const result = await importCsv(t, owner, csv);
    expect(result).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, failed: 0, errors: [] });
    const products = await allProducts(t, owner);
    const byName = new Map(products.map((p) => [p.name, p]));
    expect(byName.get('Nokia 3310 "Classic"')?.description).toBe('Line one\r\nLine two, with a comma');
    expect(byName.get("Kid's Tablet")).toMatchObject({ brand: "O'Neill", subCatName: 'Android', catName: 'Phones' });
    expect(byName.get('Crème brûlée set — 日本語')?.location).toEqual([
      { value: 'IN', label: 'India' },
      { value: 'LK', label: 'Sri Lanka' },
      { value: 'All', label: 'All' },
    ]);
    expect(byName.get("Kid's Tablet")?.images).toEqual([`http://localhost:80${image}`]);
  });

  it("gives each bad row its line (a quoted newline spans lines), its column and the spec's words", async () => {
    const csv = [
      header,
      csvRow({ name: 'Fine', description: 'two\nlines' }),
      csvRow({ name: '' }),
      csvRow({ price: 'abc', countInStock: '1.5' }),
      csvRow({ category: 'Nowhere' }),
      csvRow({ subCategory: 'iOS' }),
      csvRow({ location: 'ZZ' }),
      csvRow({ images: '' }),
      csvRow({ rating: '' }),
      csvRow({ images: 'ftp://example.com/a.png' }),
    ].join('\n');
    const result = await importCsv(t, owner, csv);
    expect(result).toMatchObject({ rows: 9, created: 1, failed: 8 });
    expect(result.errors).toEqual([
      { row: 4, column: 'name', msg: productMessages.name },
      { row: 5, column: 'price', msg: productMessages.notANumber('price') },
      { row: 5, column: 'countInStock', msg: 'stock must be a whole number, 0 or more' },
      { row: 6, column: 'category', msg: importMessages.unknownCategory('Nowhere') },
      { row: 7, column: 'subCategory', msg: importMessages.unknownSubCategory('iOS') },
      { row: 8, column: 'location', msg: importMessages.unknownCountry('ZZ') },
      { row: 9, column: 'images', msg: productMessages.images },
      { row: 10, column: 'rating', msg: productMessages.rating },
      {
        row: 11,
        column: 'images',
        msg: importMessages.imageRefused('ftp://example.com/a.png', 'not an http(s) URL nor an upload of this shop'),
      },
    ]);
  });

  it('refuses a file it cannot read at once (400, nothing queued), and one over 50 MB with 413', async () => {
    const cases: Array<[string | Buffer, number, string]> = [
      ['', 400, importMessages.emptyFile],
      ['\uFEFF\r\n', 400, importMessages.emptyFile],
      [`${header.replace(',brand', '')}\n${csvRow()}`, 400, importMessages.missingColumn('brand')],
      [`${header},colour\n`, 400, importMessages.unknownColumn('colour')],
      [`\uFEFF${header},Größe 尺寸\n`, 400, importMessages.unknownColumn('Größe 尺寸')],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 400, importMessages.notCsv],
    ];
    for (const [csv, status, msg] of cases) {
      const res = await sendImport(t, owner, csv);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ error: true, msg });
    }
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 'a');
    big.write(`${header}\n`);
    const tooLarge = await sendImport(t, owner, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: true, msg: importMessages.tooLarge });
    const noFile = await t.request({
      method: 'POST',
      url: '/api/products/import',
      headers: bearer(owner),
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: true, msg: importMessages.noFile });
    const jobs = await t.request({ method: 'GET', url: '/api/jobs', headers: bearer(owner) });
    expect((jobs.json() as Job[]).every((job) => job.state === 'done')).toBe(true);
    expect(await t.app.ctx.db.selectFrom('job_files').select('job_id').execute()).toEqual([]);
  }, 60_000);

  it("a file whose quoting breaks further down fails its job with the parser's reason, and changes nothing", async () => {
    const before = await allProducts(t, owner);
    // Past the first batch: the file is read whole before any row is written.
    const fine = Array.from({ length: 250 }, (_, i) => csvRow({ name: `Fine ${i}` }));
    const csv = `${header}\n${fine.join('\n')}\n${csvRow({ name: 'Broken' }).replace('Broken', '"Bro"ken')}\n`;
    const res = await sendImport(t, owner, csv);
    expect(res.statusCode).toBe(202);
    const job = await settle(t, owner, res.json().jobId);
    expect(job.state).toBe('failed');
    expect((job.result as { msg: string }).msg).toMatch(/^The file is not valid CSV: /);
    expect(await allProducts(t, owner)).toEqual(before);
  });

  it('a header with only id and dateCreated left out is read; a bad query flag is a 400', async () => {
    const columns = header.split(',').filter((c) => c !== 'id' && c !== 'dateCreated');
    const row = csvRow({ name: 'No id column' }).split(',').slice(1, -1).join(',');
    expect(await importCsv(t, owner, `${columns.join(',')}\n${row}\n`)).toMatchObject({ rows: 1, created: 1 });
    const res = await sendImport(t, owner, `${header}\n`, '?dryRun=yes');
    expect(res.statusCode).toBe(400);
  });

  it("live events: the batch's products as one catalogue.changed, the job's progress as job.progress", async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.ctx.events.subscribe((event) => seen.push(event));
    try {
      const queued = await sendImport(t, owner, `${header}\n${csvRow({ name: 'Announced', images: image })}\n`);
      const job = await settle(t, owner, queued.json().jobId);
      await expect
        .poll(() => seen.find((event) => event.type === 'job.progress' && event.data.state === 'done')?.data)
        .toEqual({ id: job.id, state: 'done', progress: { done: 1, total: 1 } });
      expect(seen.find((event) => event.type === 'catalogue.changed')?.data).toMatchObject({
        entity: 'product',
        action: 'import',
      });
    } finally {
      stop();
    }
  });

  it('jobs: the caller sees their own, staff:manage sees any, others get 404', async () => {
    const editor = await createAdmin(t, 'editor@shop.test');
    const given = await t.request({
      method: 'PUT',
      url: `/api/staff/${editor.id}`,
      headers: bearer(owner),
      payload: { role: 'editor' },
    });
    expect(given.statusCode, given.body).toBe(200);
    const editorToken = await signIn(t, 'editor@shop.test', 'admin-password-1');
    const queued = await sendImport(t, editorToken, `${header}\n${csvRow({ name: 'By the editor' })}\n`);
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await settle(t, editorToken, queued.json().jobId);
    expect(job).toMatchObject({
      kind: 'productImport',
      state: 'done',
      progress: { done: 1, total: 1 },
      createdBy: { id: editor.id, email: 'editor@shop.test' },
    });
    expect(job.finishedAt).not.toBeNull();
    const ownerView = await t.request({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bearer(owner) });
    expect(ownerView.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/jobs', headers: bearer(editorToken) });
    expect((list.json() as Job[]).map((j) => j.id)).toEqual([job.id]);
    const ownerJobs = await t.request({ method: 'GET', url: `/api/jobs/${'f'.repeat(24)}`, headers: bearer(owner) });
    expect(ownerJobs.statusCode).toBe(404);
    expect(ownerJobs.json()).toEqual({ error: true, msg: jobMessages.notFound });
    const ownerFirst = (await t.request({ method: 'GET', url: '/api/jobs', headers: bearer(owner) })).json() as Job[];
    const hidden = await t.request({
      method: 'GET',
      url: `/api/jobs/${ownerFirst[0]?.id}`,
      headers: bearer(editorToken),
    });
    expect(hidden.statusCode).toBe(404);
  });
});
