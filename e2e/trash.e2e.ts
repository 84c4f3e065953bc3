import { catalogueMessages, productMessages, trashMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert } from './support/accounts';
import { expectAccessible, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import {
  api,
  ownerEmail,
  ownerPassword,
  ownerToken,
  type RunningServer,
  startServer,
  uploadPng,
} from './support/server';

/** Trash and undo (api.md §12): UNDO on the delete alert, the Trash screen's Restore and Delete forever. */
describe.skipIf(!hasChromium)('trash and undo in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let page: Page;

  const createCategory = async (name: string) => {
    const image = await uploadPng(server, '/api/category', owner);
    const made = await api<{ id: string }>(
      server,
      'POST',
      '/api/category/create',
      { name, slug: name, color: '#2e7d32', images: [image] },
      owner,
    );
    if (made.status !== 201) throw new Error(`category ${name}: ${made.status}`);
    return made.body.id;
  };
  const trashNames = async () =>
    (await api<Array<{ name: string }>>(server, 'GET', '/api/trash', undefined, owner)).body.map((e) => e.name);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    const garden = await createCategory('Garden');
    const made = await api<{ id: string }>(
      server,
      'POST',
      '/api/products/create',
      {
        name: 'Garden Rake',
        description: 'Steel teeth',
        brand: 'Tuff',
        price: 450,
        oldPrice: 500,
        category: garden,
        countInStock: 7,
        rating: 4,
        isFeatured: false,
        discount: 10,
        images: [await uploadPng(server, '/api/products', owner)],
      },
      owner,
    );
    if (made.status !== 201) throw new Error(`product: ${made.status}`);
    await createCategory('Toys');
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('UNDO on the delete alert brings a deleted product back into the list', async () => {
    await page.goto('/products');
    const row = page.getByRole('row', { name: /Garden Rake/ });
    await row.waitFor();
    await page.getByRole('button', { name: 'Delete Garden Rake' }).click();
    const alert = page.getByTestId('app-alert').filter({ hasText: productMessages.deleted });
    await alert.waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await trashNames()).toEqual(['Garden Rake']);

    await alert.getByRole('button', { name: 'UNDO' }).click();
    await expectAlert(page, trashMessages.restored, 'success');
    await row.waitFor();
    expect(await trashNames()).toEqual([]);
  });

  it('restores a deleted category from the Trash screen', async () => {
    await page.goto('/category');
    await page.getByRole('button', { name: 'Delete Toys' }).click();
    await expectAlert(page, catalogueMessages.categoryDeleted, 'success');
    await page.getByRole('cell', { name: 'Toys', exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const entry = page.getByRole('row', { name: /Toys/ });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Category');
    await expectAccessible(page, 'Trash');
    await page.getByRole('button', { name: 'Restore Toys' }).click();
    await expectAlert(page, trashMessages.restored, 'success');
    await page.getByText('The trash is empty').waitFor();

    await page.goto('/category');
    await page.getByRole('cell', { name: 'Toys', exact: true }).waitFor();
  });

  it('deletes a record forever from the Trash screen after a confirmation', async () => {
    const products = await api<{ products: Array<{ id: string }> }>(server, 'GET', '/api/products', undefined, owner);
    const rake = products.body.products[0]?.id ?? '';
    expect((await api(server, 'DELETE', `/api/products/${rake}`, undefined, owner)).status).toBe(200);

    await page.goto('/settings/trash?entity=product');
    await page.getByRole('row', { name: /Garden Rake/ }).waitFor();
    await page.getByRole('button', { name: 'Delete forever Garden Rake' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete forever?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await trashNames()).toEqual(['Garden Rake']);

    await page.getByRole('button', { name: 'Delete forever Garden Rake' }).click();
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expectAlert(page, trashMessages.purged, 'success');
    await page.getByText('The trash is empty').waitFor();
    expect(await trashNames()).toEqual([]);
    expect((await api(server, 'GET', `/api/products/${rake}`, undefined, owner)).status).toBe(404);
  });
});
