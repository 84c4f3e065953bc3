import fs from 'node:fs';
import { messages, type Order, orderPageMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAdmin, expectAlert, openSignedIn } from './support/accounts';
import { bothThemes, expectAccessible, hasChromium, launchBrowser } from './support/browser';
import { api, arranger, ownerToken, type RunningServer, startServer, uploadPng } from './support/server';

/** A category, a product with an image and two pending orders of it, made over the API. */
async function arrangeOrders(server: RunningServer, token: string): Promise<Order[]> {
  const call = arranger(server, token);
  const category = await call<{ id: string }>('POST', '/api/category/create', {
    name: 'Phones',
    slug: 'Phones',
    color: '#1565c0',
    images: [await uploadPng(server, '/api/category', token)],
  });
  const phone = await call<{ id: string; name: string; images: string[] }>('POST', '/api/products/create', {
    name: 'Galaxy Phone 128 GB Midnight Blue with Charger',
    description: 'A phone',
    brand: 'Galaxy',
    price: 900,
    oldPrice: 1000,
    category: category.id,
    countInStock: 10,
    rating: 4,
    isFeatured: false,
    discount: 5,
    images: [await uploadPng(server, '/api/products', token)],
  });
  const orders: Order[] = [];
  for (const n of [1, 2]) {
    orders.push(
      await call<Order>('POST', '/api/orders/create', {
        paymentId: `pay_${n}`,
        name: `Customer ${n}`,
        phoneNumber: `555010${n}`,
        address: `${n} Market Road`,
        pincode: `40000${n}`,
        email: `customer${n}@shop.test`,
        userid: `user-${n}`,
        status: 'pending',
        products: [{ productId: phone.id, productTitle: phone.name, image: phone.images[0], quantity: n }],
      }),
    );
  }
  return orders;
}

const timelineItems = (page: Page) => page.getByRole('list', { name: 'Timeline entries' }).getByRole('listitem');
const statusSelect = (page: Page, id: string) => page.getByRole('combobox', { name: `Order status of ${id}` });
const field = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe.skipIf(!hasChromium)('Order page /orders/:id', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let clerk: Account;
  let page: Page;
  let orders: Order[];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    orders = await arrangeOrders(server, owner);
    // A named manager makes the changes, so the timeline's "who" is theirs.
    clerk = await createAdmin(server, { name: 'Asha Verma' });
    ({ page } = await openSignedIn(browser, server, clerk, '/orders', 'Orders List'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens from the Orders List: fields, products with images, timeline; axe clean in light and dark', async () => {
    const order = orders[0] as Order;
    await page.getByRole('link', { name: order.id, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);
    await page.getByRole('heading', { name: 'Order', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
      new RegExp(`Dashboard\\s*/\\s*Orders\\s*/\\s*${order.id}`),
    );
    expect(await field(page, 'Paymant Id').innerText()).toBe('pay_1');
    expect(await field(page, 'Name').innerText()).toBe('Customer 1');
    expect(await field(page, 'Total Amount').innerText()).toBe('Rs 900');
    expect(await field(page, 'Date Created').innerText()).toBe(order.date.split('T')[0]);
    const line = page.getByRole('region', { name: 'Products of the order' }).locator('tbody tr');
    expect((await line.locator('td').allInnerTexts()).slice(1)).toEqual([
      'Galaxy Phone 128 GB Midnight Blue with Charger',
      '1',
      'Rs 900',
      'Rs 900',
    ]);
    const image = line.getByRole('img', { name: 'Galaxy Phone 128 GB Midnight Blue with Charger' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => timelineItems(page).allInnerTexts()).toHaveLength(1);
    expect(await timelineItems(page).first().innerText()).toMatch(/Created[\s\S]*Order placed/);
    await page.getByText('No notes yet').waitFor();
    await bothThemes(page, 'Order page');
  });

  it('changes the status: the timeline shows it with who', async () => {
    const order = orders[0] as Order;
    const select = statusSelect(page, order.id);
    await select.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['None', 'pending', 'confirm', 'delivered']);
    await page.getByRole('option', { name: 'confirm' }).click();
    await expect.poll(() => select.innerText()).toBe('confirm');
    await expect.poll(() => select.getAttribute('aria-disabled')).toBeNull();
    await expect
      .poll(() => timelineItems(page).last().innerText())
      .toMatch(/Asha Verma · Status changed\s+Status: pending → confirm/);
    const saved = await api<Order>(server, 'GET', `/api/orders/${order.id}`, undefined, owner);
    expect(saved.body.status).toBe('confirm');
  });

  it('adds a note (a blank one is refused in the contract’s words)', async () => {
    const form = page.getByRole('form', { name: 'Add note' });
    await form.getByRole('button', { name: 'Add note' }).click();
    await expectAlert(page, orderPageMessages.noteText, 'error');
    await form.getByRole('textbox', { name: 'Note' }).fill('Customer asked us to ring before delivery');
    await form.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() => timelineItems(page).last().innerText())
      .toMatch(/Asha Verma · Note\s+Customer asked us to ring before delivery/);
    expect(await form.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('');
    expect(await page.getByText('No notes yet').count()).toBe(0);
  });

  it('downloads the invoice: a PDF named by the server, its number shown after', async () => {
    const order = orders[0] as Order;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    const saved = await api<Order>(server, 'GET', `/api/orders/${order.id}`, undefined, owner);
    const number = saved.body.invoiceNumber;
    expect(number).toBeTypeOf('number');
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(`Invoice ${number} downloaded (invoice-${number}.pdf)`).waitFor();
    await expect.poll(() => field(page, 'Invoice Number').innerText()).toBe(String(number));
    await bothThemes(page, 'Order page after a note, a status change and an invoice');
  });

  it('a stale edit shows the 409 words with Reload, and changes nothing', async () => {
    const order = orders[1] as Order;
    // A copy gone stale: with the live events stream cut (a dropped connection), the page does
    // not hear of the other change, as a page that missed it would not.
    const cut = '**/api/events';
    await page.route(cut, (route) => route.abort());
    await page.goto(`/orders/${order.id}`);
    const select = statusSelect(page, order.id);
    await expect.poll(() => select.innerText()).toBe('pending');
    // Someone else changes the order meanwhile.
    const other = await api<Order>(server, 'GET', `/api/orders/${order.id}`, undefined, owner);
    const changed = await api(server, 'PUT', `/api/orders/${order.id}`, { ...other.body, status: 'delivered' }, owner);
    expect(changed.status).toBe(200);
    await select.click();
    await page.getByRole('option', { name: 'confirm' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: messages.recordChanged });
    await conflict.waitFor();
    expect(await select.getAttribute('aria-disabled')).toBe('true');
    const kept = await api<Order>(server, 'GET', `/api/orders/${order.id}`, undefined, owner);
    expect(kept.body.status).toBe('delivered');
    await bothThemes(page, 'Order page, stale edit');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await expect.poll(() => select.innerText()).toBe('delivered');
    expect(await select.getAttribute('aria-disabled')).toBeNull();
    await page.unroute(cut);
  });

  it('a viewer sees the order with its controls disabled', async () => {
    const order = orders[0] as Order;
    const viewer = await createAdmin(server, { name: 'Vik Viewer' });
    const given = await api(server, 'PUT', `/api/staff/${viewer.id}`, { role: 'viewer' }, owner);
    expect(given.status).toBe(200);
    const opened = await openSignedIn(browser, server, viewer, `/orders/${order.id}`, 'Order Details');
    const form = opened.page.getByRole('form', { name: 'Add note' });
    await expect.poll(() => timelineItems(opened.page).count()).toBeGreaterThan(0);
    await expect.poll(() => statusSelect(opened.page, order.id).getAttribute('aria-disabled')).toBe('true');
    expect(await form.getByRole('button', { name: 'Add note' }).isDisabled()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Note' }).isDisabled()).toBe(true);
    expect(await opened.page.getByRole('button', { name: 'Download invoice' }).isEnabled()).toBe(true);
    await expectAccessible(opened.page, 'Order page, viewer');
    await opened.context.close();
  });

  it('an order that is not there says so', async () => {
    await page.goto('/orders/no-such-order');
    await page.getByText('This order is not there: it may have been deleted.').waitFor();
    await page.getByRole('link', { name: 'Back to Orders List' }).click();
    await page.getByRole('heading', { name: 'Orders List' }).waitFor();
  });
});
