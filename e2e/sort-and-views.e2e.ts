import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectAlert, openSignedIn } from './support/accounts';
import { bothThemes, expectAccessible, hasChromium, launchBrowser } from './support/browser';
import { createCategory, createProduct } from './support/bulk-data';
import { api, ownerToken, type RunningServer, startServer } from './support/server';

/** Names of the Product List's rows, top to bottom. */
const productRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Products' })
    .locator('tbody tr a.product-name')
    .allInnerTexts()
    .then((names) => names.map((name) => name.trim()));

/** Total Amount of the Orders List's rows, top to bottom, as numbers (whatever the money format). */
const orderAmounts = async (page: Page) => {
  const cells = await page
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLTableRowElement).cells[7]?.textContent ?? ''));
  return cells.map((text) => Number(text.replace(/[^\d.]/g, '')));
};

const prices = { Anchor: 40, Buoy: 900, Compass: 250, Dinghy: 5000, Ensign: 15 };

describe.skipIf(!hasChromium)('Sortable columns and saved views (issue 20)', () => {
  let server: RunningServer;
  let browser: Browser;
  let first: Page;
  let second: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const owner = await ownerToken(server);
    const category = await createCategory(server, owner, 'Boats');
    const made = await Promise.all(
      Object.entries(prices).map(([name, price]) => createProduct(server, owner, category, name, price)),
    );
    const order = async (quantity: number) => {
      const res = await api(
        server,
        'POST',
        '/api/orders/create',
        {
          paymentId: `pay_${quantity}`,
          name: `Customer ${quantity}`,
          phoneNumber: '5550101',
          address: '1 Harbour Road',
          pincode: '400001',
          email: `customer${quantity}@shop.test`,
          userid: `user-${quantity}`,
          products: [{ productId: made[quantity]?.id, quantity }],
        },
        owner,
      );
      if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
    };
    await Promise.all([order(3), order(1), order(2)]);
    // Two staff members, each in a browser context of their own.
    const [asha, ravi] = await Promise.all([createAdmin(server), createAdmin(server)]);
    [{ page: first }, { page: second }] = await Promise.all([
      openSignedIn(browser, server, asha, '/products', 'Product List'),
      openSignedIn(browser, server, ravi, '/products', 'Product List'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const byPriceDesc = Object.entries(prices)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);

  it('sorts products by price, highest first: rows in that order, the URL holds it; axe light and dark', async () => {
    const table = first.getByRole('table', { name: 'Products' });
    await expect.poll(() => productRows(first)).toHaveLength(5);
    const price = table.getByRole('button', { name: 'PRICE', exact: true });
    await price.click();
    await first.waitForURL((url) => url.searchParams.get('order') === 'asc');
    await price.click();
    await first.waitForURL(
      (url) => url.searchParams.get('sort') === 'price' && url.searchParams.get('order') === 'desc',
    );
    await expect.poll(() => productRows(first)).toEqual(byPriceDesc);
    expect(await table.getByRole('columnheader', { name: 'PRICE' }).getAttribute('aria-sort')).toBe('descending');
    await bothThemes(first, 'Product List sorted by price');
  });

  it('saves the view shared; another staff member applies it and sees the same rows', async () => {
    await first.getByRole('button', { name: 'Views' }).click();
    const menu = first.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'No saved views yet' }).waitFor();
    await expectAccessible(first, 'Views menu');
    await menu.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = first.getByRole('dialog', { name: 'Save current view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Priciest first');
    await dialog.getByRole('checkbox', { name: 'Share with the team' }).check();
    await expectAccessible(first, 'Save view dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectAlert(first, 'View "Priciest first" saved', 'success');

    await second.getByRole('button', { name: 'Views' }).click();
    await second.getByRole('menuitem', { name: /Priciest first/ }).click();
    await second.waitForURL(
      (url) => url.searchParams.get('sort') === 'price' && url.searchParams.get('order') === 'desc',
    );
    await expect.poll(() => productRows(second)).toEqual(byPriceDesc);
  });

  it('sorts orders by amount; axe light and dark', async () => {
    await second.goto('/orders');
    await second.getByRole('heading', { name: 'Orders List' }).waitFor();
    await expect.poll(() => orderAmounts(second)).toHaveLength(3);
    await second.getByRole('button', { name: 'Total Amount', exact: true }).click();
    await second.waitForURL(
      (url) => url.searchParams.get('sort') === 'amount' && url.searchParams.get('order') === 'asc',
    );
    const amounts = [prices.Buoy * 1, prices.Compass * 2, prices.Dinghy * 3].sort((a, b) => a - b);
    await expect.poll(() => orderAmounts(second)).toEqual(amounts);
    await bothThemes(second, 'Orders List sorted by amount');
  });
});
