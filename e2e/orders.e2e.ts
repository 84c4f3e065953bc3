import type { Order } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothThemes, expectAccessible, hasChromium, launchBrowser, newPage, useSession } from './support/browser';
import { api, arranger, ownerEmail, ownerPassword, type RunningServer, startServer, uploadPng } from './support/server';

const columns = [
  'Order Id',
  'Paymant Id',
  'Products',
  'Name',
  'Phone Number',
  'Address',
  'Pincode',
  'Total Amount',
  'Email',
  'User Id',
  'Order Status',
  'Date Created',
];
const longTitle = 'Galaxy Phone 128 GB Midnight Blue with Charger';

type Session = { token: string; user: { id: string; name: string; email: string } };

/** A category, two products and twelve pending orders, made over the API like a storefront would. */
async function arrangeShop(server: RunningServer, token: string) {
  const call = arranger(server, token);
  const category = await call<{ id: string }>('POST', '/api/category/create', {
    name: 'Phones',
    slug: 'Phones',
    color: '#1565c0',
    images: [await uploadPng(server, '/api/category', token)],
  });
  const productImage = await uploadPng(server, '/api/products', token);
  const product = (name: string, price: number) =>
    call<{ id: string; name: string; images: string[] }>('POST', '/api/products/create', {
      name,
      description: 'A phone',
      brand: 'Galaxy',
      price,
      oldPrice: price + 100,
      category: category.id,
      countInStock: 10,
      rating: 4,
      isFeatured: false,
      discount: 5,
      images: [productImage],
    });
  const phone = await product(longTitle, 900);
  const cable = await product('Cable', 50);
  const orders: Order[] = [];
  for (let n = 1; n <= 12; n += 1) {
    orders.push(
      await call<Order>('POST', '/api/orders/create', {
        paymentId: `pay_${n}`,
        name: `Customer ${String(n).padStart(2, '0')}`,
        phoneNumber: `555010${n}`,
        address: `${n} Market Road`,
        pincode: `4000${n}`,
        email: `customer${n}@shop.test`,
        userid: `user-${n}`,
        status: 'pending',
        products: [
          { productId: phone.id, productTitle: phone.name, image: phone.images[0], quantity: 1, price: 900 },
          { productId: cable.id, productTitle: cable.name, image: phone.images[0], quantity: n, price: 50 },
        ],
      }),
    );
  }
  return { orders, phone, cable };
}

/** Order Id cells, top to bottom. */
const shownIds = (page: Page) => page.locator('tbody tr td:first-child').allInnerTexts();

describe.skipIf(!hasChromium)('Orders List and the pending-orders bell', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let session: Session;
  let orders: Order[];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    session = (await api<Session>(server, 'POST', '/api/user/signin', { email: ownerEmail, password: ownerPassword }))
      .body;
    ({ orders } = await arrangeShop(server, session.token));
    ({ page } = await newPage(browser, server));
    await useSession(page, session.token, session.user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the spec columns, each page reversed, and pages 10 / 25 through the URL', async () => {
    await page.goto('/orders/');
    await page.getByRole('heading', { name: 'Orders List' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Dashboard\s*\/\s*Orders/);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('thead th').allInnerTexts()).toEqual(columns);
    // Page 1 holds orders 1-10 (oldest first on the server), shown newest first.
    expect(await shownIds(page)).toEqual(
      orders
        .slice(0, 10)
        .map((o) => o.id)
        .reverse(),
    );

    const first = orders[9] as Order;
    const cells = await page.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells[1]).toBe(first.paymentId);
    expect(cells[3]).toBe('Customer 10');
    expect(cells[7]).toBe(`Rs ${first.amount.toLocaleString('en-IN')}`);
    expect(cells[7]).toBe('Rs 1,400');
    expect(first.amount).toBe(900 + 10 * 50);
    expect(cells[9]).toBe('user-10');
    expect(cells[11]).toBe(first.date.split('T')[0]);
    expect(cells[11]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const tableArea = await page.getByRole('region', { name: 'Orders table' }).boundingBox();
    expect(tableArea?.height).toBeLessThanOrEqual(440);
    await bothThemes(page, 'Orders List');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => shownIds(page)).toEqual([orders[11]?.id, orders[10]?.id]);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await page.waitForURL((url) => url.searchParams.get('perPage') === '25' && url.searchParams.get('page') === '1');
    await expect.poll(() => shownIds(page)).toEqual(orders.map((o) => o.id).reverse());
    await page.reload();
    await expect.poll(() => shownIds(page)).toEqual(orders.map((o) => o.id).reverse());
  });

  it('searches by name or phone from the box above the table (or "/"), kept in the URL', async () => {
    await page.goto('/orders');
    await page.locator('tbody tr').first().waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('searchbox', { name: 'Search orders' });
    await expect.poll(() => box.evaluate((node) => node === document.activeElement)).toBe(true);
    await box.fill('customer 1');
    await page.waitForURL((url) => url.searchParams.get('q') === 'customer 1');
    await expect.poll(() => shownIds(page)).toEqual([orders[11]?.id, orders[10]?.id, orders[9]?.id]);
    await box.fill('5550107');
    await expect.poll(() => shownIds(page)).toEqual([orders[6]?.id]);
    await page.reload();
    await expect.poll(() => shownIds(page)).toEqual([orders[6]?.id]);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('nobody at all');
    await page.getByText('No orders match your search').waitFor();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect
      .poll(() => shownIds(page))
      .toEqual(
        orders
          .slice(0, 10)
          .map((o) => o.id)
          .reverse(),
      );
  });

  it("lists an order's products in a dialog, titles cut at 30 characters", async () => {
    const order = orders[2] as Order;
    await page.goto('/orders?page=1&perPage=10');
    await page.getByRole('button', { name: `Click here to view the products of order ${order.id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('thead th').allInnerTexts()).toEqual([
      'Product Id',
      'Product Title',
      'Image',
      'Quantity',
      'Price',
      'SubTotal',
    ]);
    const lines = dialog.locator('tbody tr');
    expect(await lines.count()).toBe(2);
    const phone = await lines.nth(0).locator('td').allInnerTexts();
    expect(phone[0]).toBe(order.products[0]?.productId);
    expect(phone[1]).toBe(`${longTitle.slice(0, 30)}...`);
    expect(phone.slice(3)).toEqual(['1', 'Rs 900', 'Rs 900']);
    const cable = await lines.nth(1).locator('td').allInnerTexts();
    expect([cable[1], ...cable.slice(3)]).toEqual(['Cable', '3', 'Rs 50', 'Rs 150']);
    const image = lines.nth(0).getByRole('img');
    expect(await image.getAttribute('src')).toMatch(/\.small\.webp$/);
    expect(await image.getAttribute('loading')).toBe('lazy');
    await expectAccessible(page, 'Order products dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('changes a status: the select waits for the save, then the refetched list shows it', async () => {
    const order = orders[4] as Order;
    await page.goto('/orders?page=1&perPage=10');
    // Hold the save a moment so the in-flight state can be seen.
    await page.route(`**/api/orders/${order.id}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const select = page.getByRole('combobox', { name: `Order status of ${order.id}` });
    expect(await select.innerText()).toBe('pending');
    await select.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['None', 'pending', 'confirm', 'delivered']);
    await page.getByRole('option', { name: 'delivered' }).click();
    await expect.poll(() => select.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => select.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
    expect(await select.innerText()).toBe('delivered');
    const saved = await api<Order>(server, 'GET', `/api/orders/${order.id}`, undefined, session.token);
    expect(saved.body.status).toBe('delivered');
    expect(saved.body.name).toBe(order.name);
    expect(saved.body.products.map((line) => line.quantity)).toEqual([1, 5]);
    await page.unroute(`**/api/orders/${order.id}`);
  });

  it('the bell lists the newest pending orders and leads to the Orders List', async () => {
    await page.goto('/dashboard');
    const pending = orders.filter((_order, index) => index !== 4);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const menu = page.getByRole('dialog', { name: `Orders (${pending.length})` });
    await menu.waitFor();
    const newest = pending.slice(-5).reverse();
    await expect
      .poll(async () => (await menu.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ')))
      .toEqual(
        newest.map(
          (o) => `${o.name} placed an order of Rs ${o.amount.toLocaleString('en-IN')} ${o.date.split('T')[0]}`,
        ),
      );
    await expectAccessible(page, 'Notifications open');
    await menu.getByRole('button', { name: 'View all notifications' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.getByRole('heading', { name: 'Orders List' }).waitFor();
  });
});
