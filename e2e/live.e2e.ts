import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert, newOrderAlert } from './support/accounts';
import { hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { createCategory, createProduct } from './support/bulk-data';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

/**
 * A live back office (api.md §14): what someone else changes reaches an open dashboard without
 * a reload. The change is made through the API with another session, as a colleague's
 * dashboard or the storefront would make it.
 */
describe.skipIf(!hasChromium)('live updates in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let colleague: string;
  let page: Page;
  let category: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    colleague = await ownerToken(server);
    category = await createCategory(server, colleague, 'Kitchen');
    await createProduct(server, colleague, category, 'Steel Pan', 900);
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a product a colleague adds appears on an open Product List, and a new order alerts and moves the bell', async () => {
    await page.goto(`${server.baseUrl}/products`);
    await page.getByText('Steel Pan').first().waitFor();
    const kettle = await createProduct(server, colleague, category, 'Copper Kettle', 1200);
    await expect.poll(() => page.getByText('Copper Kettle').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    const bell = page.getByRole('button', { name: /^Notifications:/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications: 0 pending orders');
    const order = await api<{ id: string }>(
      server,
      'POST',
      '/api/orders/create',
      {
        paymentId: 'pay_live',
        name: 'Meera Nair',
        phoneNumber: '5550102',
        address: '2 Lake Road',
        pincode: '682001',
        email: 'meera@shop.test',
        userid: 'user-2',
        status: 'pending',
        products: [{ productId: kettle.id, productTitle: 'Copper Kettle', image: '', quantity: 1, price: 1200 }],
      },
      colleague,
    );
    expect(order.status).toBe(201);
    await expectAlert(page, newOrderAlert('Meera Nair'), 'success');
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications: 1 pending order');
  });
});
