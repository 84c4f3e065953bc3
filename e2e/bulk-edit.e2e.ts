import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert } from './support/accounts';
import { expectAccessible, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { type Arranged, createCategory, createProduct, productNames, readProduct } from './support/bulk-data';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

/** The Product List's bulk action bar (api.md §13): tick rows, edit them, undo, move to the trash. */
describe.skipIf(!hasChromium)('bulk edit on the Product List', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let page: Page;
  let toys: Arranged[];
  let rake: Arranged;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    const toyCategory = await createCategory(server, owner, 'Toys');
    const garden = await createCategory(server, owner, 'Garden');
    toys = [];
    for (const [name, price] of [
      ['Red Kite', 300],
      ['Wooden Puzzle', 200],
      ['Yo-yo', 100],
    ] as const) {
      toys.push(await createProduct(server, owner, toyCategory, name, price));
    }
    rake = await createProduct(server, owner, garden, 'Garden Rake', 450);
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const bar = () => page.getByRole('region', { name: 'Bulk actions' });

  it('sets the price of two ticked rows, and UNDO puts the old prices back', async () => {
    await page.goto('/products');
    await page.getByRole('row', { name: /Red Kite/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Red Kite' }).check();
    await page.getByRole('checkbox', { name: 'Select Yo-yo' }).check();
    expect(await bar().getByRole('status').innerText()).toBe('2 selected');
    await expectAccessible(page, 'Product List with the bulk action bar');

    await bar().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 products' });
    await dialog.getByLabel('Price', { exact: true }).fill('99');
    await expectAccessible(page, 'Bulk edit dialog');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const alert = page.getByTestId('app-alert').filter({ hasText: '2 products updated' });
    await alert.waitFor();
    await bar().waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Red Kite/ })
      .getByText('Rs 99')
      .waitFor();
    expect((await readProduct(server, owner, toys[0]?.id ?? '')).price).toBe(99);
    expect((await readProduct(server, owner, toys[1]?.id ?? '')).price).toBe(200);

    await alert.getByRole('button', { name: 'UNDO' }).click();
    await expectAlert(page, '2 products restored', 'success');
    await page
      .getByRole('row', { name: /Red Kite/ })
      .getByText('Rs 300', { exact: true })
      .waitFor();
    expect((await readProduct(server, owner, toys[2]?.id ?? '')).price).toBe(100);
  });

  it('selects every product matching the category filter and changes their stock', async () => {
    await page.goto('/products?perPage=10');
    await page.getByRole('combobox', { name: /Category By/ }).click();
    await page.getByRole('option', { name: 'Toys' }).click();
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Select Yo-yo' }).check();
    await bar().getByRole('button', { name: 'Select all 3 matching' }).click();
    expect(await bar().getByRole('status').innerText()).toBe('3 selected');
    await bar().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 3 products' });
    await dialog.getByLabel('Stock').fill('42');
    await dialog.getByLabel('Adjust old price by %').fill('10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('app-alert').filter({ hasText: '3 products updated' }).waitFor();
    for (const toy of toys) expect((await readProduct(server, owner, toy.id)).countInStock).toBe(42);
    expect((await readProduct(server, owner, toys[0]?.id ?? '')).oldPrice).toBeCloseTo(385, 5);
    expect((await readProduct(server, owner, rake.id)).countInStock).toBe(7);
  });

  it('moves ticked rows to the trash after a confirmation', async () => {
    await page.goto('/products');
    await page.getByRole('checkbox', { name: 'Select Garden Rake' }).check();
    await bar().getByRole('button', { name: 'Move to trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 1 product to the trash?' });
    await dialog.getByRole('button', { name: 'Move to trash' }).click();
    await expectAlert(page, '1 product moved to the trash', 'success');
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor({ state: 'detached' });
    expect(await productNames(server, owner)).toEqual(['Red Kite', 'Wooden Puzzle', 'Yo-yo']);
    const trash = await api<Array<{ name: string }>>(server, 'GET', '/api/trash', undefined, owner);
    expect(trash.body.map((entry) => entry.name)).toEqual(['Garden Rake']);
  });
});
