import { type ActivityPage, productMessages, staffMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectAlert } from './support/accounts';
import {
  bothThemes,
  followSidebarLink,
  hasChromium,
  launchBrowser,
  newPage,
  signInThroughForm,
} from './support/browser';
import {
  api,
  ownerEmail,
  ownerPassword,
  ownerToken,
  type RunningServer,
  startServer,
  uploadPng,
} from './support/server';

/** More category changes than one page of the Activity screen holds (the server's default, 50). */
const categoryChanges = 55;

/** The Activity screen and the History panels against the real server (api.md §11). */
describe.skipIf(!hasChromium)('activity log and record history in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let productId: string;
  let categoryId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    const image = await uploadPng(server, '/api/category', owner);
    const category = { name: 'Phones', slug: 'Phones', color: '#1565c0', images: [image] };
    const created = await api<{ id: string }>(server, 'POST', '/api/category/create', category, owner);
    if (created.status !== 201) throw new Error(`category: ${created.status}`);
    categoryId = created.body.id;
    const productImage = await uploadPng(server, '/api/products', owner);
    const product = await api<{ id: string }>(
      server,
      'POST',
      '/api/products/create',
      {
        name: 'Galaxy Phone',
        description: 'A phone',
        brand: 'Samsung',
        price: 100,
        oldPrice: 120,
        category: categoryId,
        countInStock: 3,
        rating: 4,
        isFeatured: true,
        discount: 10,
        images: [productImage],
      },
      owner,
    );
    if (product.status !== 201) throw new Error(`product: ${product.status}`);
    productId = product.body.id;
    // Older than the price change to come: more than a page of "update" entries.
    for (let n = 0; n < categoryChanges; n++) {
      const color = `#1565${n.toString(16).padStart(2, '0')}`;
      const changed = await api(server, 'PUT', `/api/category/${categoryId}`, { ...category, color }, owner);
      if (changed.status !== 200) throw new Error(`category change ${n}: ${changed.status}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const history = (page: Page) => page.getByRole('region', { name: 'History' });

  it('a price changed in Product Edit shows in the History panel and on the Activity screen, older pages on scroll', async () => {
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, ownerEmail, ownerPassword);

    // Product Edit: the panel under the form starts with the product's creation.
    await page.goto(`/product/edit/${productId}`);
    await history(page)
      .getByText(/ · create$/)
      .first()
      .waitFor();
    await page.getByLabel('PRICE', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await expectAlert(page, productMessages.updated, 'success');
    await page.waitForURL('**/products');
    await page.goto(`/product/edit/${productId}`);
    await history(page).getByText('price: 100 → 150').waitFor();
    await page.goto(`/product/details/${productId}`);
    await history(page).getByText('price: 100 → 150').waitFor();

    // Settings → Activity, filtered to updates: the price change is the newest.
    await followSidebarLink(page, 'Settings', 'Activity', '/settings/activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'update', exact: true }).click();
    await page.waitForURL('**/settings/activity?action=update');
    const table = page.getByRole('table', { name: 'Activity' });
    const rows = table.locator('tbody tr');
    const newest = rows.first();
    await newest.getByText('price: 100 → 150').waitFor();
    expect(await newest.getByRole('link', { name: 'Galaxy Phone' }).getAttribute('href')).toBe(
      `/product/details/${productId}`,
    );
    expect(await newest.innerText()).toContain(ownerEmail);
    await expectRowCount(page, 50);

    // Scrolling to the end loads the older page by cursor, to the last entry.
    const all = await api<ActivityPage>(server, 'GET', '/api/activity?action=update&limit=200', undefined, owner);
    expect(all.body.entries.length).toBeGreaterThan(categoryChanges);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expectRowCount(page, all.body.entries.length);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await rows.last().innerText()).toContain('Phones');

    await bothThemes(page, 'Activity');
    await context.close();
  });

  it("an order's status changed in the Orders List shows in the history of its products dialog", async () => {
    const order = await api<{ id: string }>(
      server,
      'POST',
      '/api/orders/create',
      {
        paymentId: 'pay_1',
        name: 'Ravi Kumar',
        phoneNumber: '5550101',
        address: '1 Market Road',
        pincode: '400001',
        email: 'ravi@shop.test',
        userid: 'user-1',
        status: 'pending',
        products: [{ productId, productTitle: 'Galaxy Phone', image: '', quantity: 1, price: 150 }],
      },
      owner,
    );
    expect(order.status).toBe(201);
    const orderId = order.body.id;
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, ownerEmail, ownerPassword);
    await page.goto('/orders');
    await page.getByRole('combobox', { name: `Order status of ${orderId}` }).click();
    await page.getByRole('option', { name: 'confirm' }).click();
    await page
      .getByRole('combobox', { name: `Order status of ${orderId}` })
      .filter({ hasText: 'confirm' })
      .waitFor();
    await page.getByRole('button', { name: `Click here to view the products of order ${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Products of order ${orderId}` });
    await dialog.getByText('Galaxy Phone', { exact: true }).waitFor();
    await history(page).getByText('status: pending → confirm').waitFor();
    await context.close();
  });

  it('a viewer reads a record’s history but a direct URL to the Activity screen says no', async () => {
    const viewer = await createAdmin(server, { email: 'viewer@shop.test' });
    const given = await api(server, 'PUT', `/api/staff/${viewer.id}`, { role: 'viewer' }, owner);
    expect(given.status).toBe(200);
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, viewer.email, viewer.password);
    await page.goto(`/product/details/${productId}`);
    await history(page).getByText('price: 100 → 150').waitFor();
    await page.goto('/settings/activity');
    await page.getByRole('alert').filter({ hasText: staffMessages.noPermission }).waitFor();
    expect(await page.getByRole('table', { name: 'Activity' }).count()).toBe(0);
    await context.close();
  });
});

async function expectRowCount(page: Page, count: number) {
  const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody tr');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(count);
}
