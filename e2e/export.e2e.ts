import { orderCsvColumns, productCsvColumns } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/accounts';
import { hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { type Arranged, createCategory, createProduct, giveRole, readDownload } from './support/bulk-data';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

/** The lines of a CSV whose fields hold no line breaks (these tests' data). */
const lines = (text: string) => text.trim().split(/\r?\n/);

/** Export CSV on the Product List and the Orders List (api.md §13): the shown filters, a file. */
describe.skipIf(!hasChromium)('the Export CSV buttons', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let page: Page;
  let kite: Arranged;
  let rake: Arranged;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    const toys = await createCategory(server, owner, 'Toys');
    const garden = await createCategory(server, owner, 'Garden');
    kite = await createProduct(server, owner, toys, 'Red Kite', 300);
    rake = await createProduct(server, owner, garden, 'Garden Rake', 450);
    const order = (n: number, product: Arranged, status: string) =>
      api(
        server,
        'POST',
        '/api/orders/create',
        {
          paymentId: `pay_${n}`,
          name: `Customer ${n}`,
          phoneNumber: '5550100',
          address: `${n} Market Road`,
          pincode: '400001',
          email: `customer${n}@shop.test`,
          userid: `user-${n}`,
          status,
          products: [
            { productId: product.id, productTitle: product.name, image: '', quantity: 2, price: product.price },
          ],
        },
        owner,
      );
    for (const [n, product, status] of [
      [1, kite, 'pending'],
      [2, rake, 'delivered'],
    ] as const) {
      const made = await order(n, product, status);
      if (made.status !== 201) throw new Error(`order ${n}: ${made.status}`);
    }
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const exportNow = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    return readDownload(download);
  };

  it('exports the products of the category the Product List shows, then those its search finds', async () => {
    await page.goto('/products');
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor();
    await page.getByRole('combobox', { name: /Category By/ }).click();
    await page.getByRole('option', { name: 'Toys' }).click();
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor({ state: 'detached' });
    const byCategory = await exportNow();
    expect(byCategory.name).toMatch(/\.csv$/);
    const [header, ...rows] = lines(byCategory.text);
    expect(header).toBe(productCsvColumns.join(','));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Red Kite');

    await page.getByRole('searchbox', { name: 'Search products' }).fill('rake');
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor();
    const bySearch = lines((await exportNow()).text);
    expect(bySearch.slice(1).map((row) => row.includes('Garden Rake'))).toEqual([true]);
  });

  it('exports order lines by status and date range from the Orders List', async () => {
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'Orders List' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'delivered' }).click();
    const delivered = await exportNow();
    const [header, ...rows] = lines(delivered.text);
    expect(header).toBe(orderCsvColumns.join(','));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Garden Rake');

    // A range that ends before it starts is refused in the red alert, and nothing downloads.
    await page.getByLabel('From', { exact: true }).fill('2026-05-02');
    await page.getByLabel('To', { exact: true }).fill('2026-05-01');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByTestId('app-alert').filter({ hasText: 'from must not be after to' }).waitFor();
  });

  it('is not offered to a role without export', async () => {
    const viewer = await createAdmin(server);
    await giveRole(server, owner, viewer.id, 'viewer');
    const { page: other, context } = await newPage(browser, server);
    try {
      await signInThroughForm(other, viewer.email, viewer.password);
      await other.goto('/products');
      await other.getByRole('row', { name: /Red Kite/ }).waitFor();
      expect(await other.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      await other.goto('/orders');
      await other.getByRole('heading', { name: 'Orders List' }).waitFor();
      await other
        .getByRole('button', { name: /Click here to view the products/ })
        .first()
        .waitFor();
      expect(await other.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      expect(await other.getByLabel('From', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
