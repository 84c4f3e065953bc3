import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { importMessages, productCsvColumns, staffMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/accounts';
import {
  bothThemes,
  followSidebarLink,
  hasChromium,
  launchBrowser,
  newPage,
  signInThroughForm,
} from './support/browser';
import { createCategory, giveRole, productNames, readDownload } from './support/bulk-data';
import { ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer, uploadPng } from './support/server';

/** One CSV field, quoted when it must be (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (values: Record<string, string>) =>
  productCsvColumns.map((column) => field(values[column] ?? '')).join(',');

/** Import Products (api.md §13): choose a file, see its rows, dry run, every error, import. */
describe.skipIf(!hasChromium)('the Import Products screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let page: Page;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    await createCategory(server, owner, 'Garden');
    const image = await uploadPng(server, '/api/products', owner);
    const good = {
      name: "O'Brien Garden Kite",
      description: 'Flies high, "even" in wind',
      brand: 'Tuff',
      price: '450',
      oldPrice: '500',
      category: 'Garden',
      countInStock: '5',
      rating: '4',
      isFeatured: 'false',
      discount: '10',
      images: image,
    };
    // Line 2 is good; line 3 has no price a number can be read from; line 4 names no category.
    const text = [
      productCsvColumns.join(','),
      csvLine(good),
      csvLine({ ...good, name: 'Broken Rake', price: 'abc' }),
      csvLine({ ...good, name: 'Lost Hoe', category: 'Nowhere' }),
    ].join('\r\n');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import-e2e-'));
    file = path.join(dir, 'garden.csv');
    await fs.writeFile(file, `\ufeff${text}\r\n`);
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('dry-runs a file (nothing changes), lists every error with its report, then imports it', async () => {
    await followSidebarLink(page, 'Products', 'Import Products', '/products/import');
    await page.getByRole('heading', { name: 'Import Products' }).waitFor();
    await page.getByText(importMessages.noFile).waitFor();
    await bothThemes(page, 'Import Products (empty)');

    await page.getByLabel('Choose CSV file').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'First rows of the file' });
    await preview.getByRole('cell', { name: "O'Brien Garden Kite" }).waitFor();
    expect(await preview.getByRole('row').count()).toBe(4);

    await page.getByRole('button', { name: 'Dry run' }).click();
    const dry = page.getByRole('region', { name: 'Dry run result' });
    await dry.waitFor({ timeout: 30_000 });
    expect(await dry.getByTestId('count-rows').innerText()).toBe('3');
    expect(await dry.getByTestId('count-created').innerText()).toBe('1');
    expect(await dry.getByTestId('count-failed').innerText()).toBe('2');
    const errorRows = await dry.getByRole('region', { name: 'Errors' }).getByRole('row').allInnerTexts();
    expect(errorRows.slice(1).map((row) => row.split('\t').slice(0, 2).join(' '))).toEqual(['3 price', '4 category']);
    expect(errorRows[2]).toContain(importMessages.unknownCategory('Nowhere'));
    expect(await productNames(server, owner)).toEqual([]);
    await bothThemes(page, 'Import Products (dry run result)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dry.getByRole('button', { name: 'Download error report' }).click(),
    ]);
    const report = await readDownload(download);
    expect(report.name).toBe('garden-errors.csv');
    expect(report.text.split('\n')[0]).toBe('row,column,message');
    expect(report.text).toContain(`4,category,"${importMessages.unknownCategory('Nowhere').replaceAll('"', '""')}"`);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.getByRole('region', { name: 'Import result' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.getByTestId('count-created').innerText()).toBe('1');
    expect(await productNames(server, owner)).toEqual(["O'Brien Garden Kite"]);

    // The list shows it at once (the import refreshed every list).
    await page.goto('/products');
    await page.getByRole('row', { name: /O'Brien Garden Kite/ }).waitFor();
  });

  it('imports a file just exported as unchanged, row for row', async () => {
    const exported = await fetch(`${server.baseUrl}/api/products/export`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(exported.status).toBe(200);
    const again = path.join(dir, 'exported.csv');
    await fs.writeFile(again, await exported.text());
    await page.goto('/products/import');
    await page.getByLabel('Choose CSV file').setInputFiles(again);
    await page.getByRole('button', { name: 'Dry run' }).click();
    const dry = page.getByRole('region', { name: 'Dry run result' });
    await dry.waitFor({ timeout: 30_000 });
    expect(await dry.getByTestId('count-rows').innerText()).toBe('1');
    expect(await dry.getByTestId('count-unchanged').innerText()).toBe('1');
    expect(await dry.getByTestId('count-failed').innerText()).toBe('0');
  });

  it('is not offered to a role without import, and says so at its address', async () => {
    const clerk = await createAdmin(server);
    await giveRole(server, owner, clerk.id, 'clerk');
    const { page: other, context } = await newPage(browser, server);
    try {
      await signInThroughForm(other, clerk.email, clerk.password);
      await other.getByRole('button', { name: 'Products' }).click();
      await other.getByRole('link', { name: 'Product List' }).waitFor();
      expect(await other.getByRole('link', { name: 'Import Products' }).count()).toBe(0);
      await other.goto('/products/import');
      await other.getByText(staffMessages.noPermission).waitFor();
    } finally {
      await context.close();
    }
  });
});
