import type { Order } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, openSignedIn } from './support/accounts';
import { expectAccessible, hasChromium, launchBrowser } from './support/browser';
import { arranger, ownerToken, type RunningServer, startServer, uploadPng } from './support/server';

/** A product and an order of it, made over the API. */
async function arrange(server: RunningServer, token: string) {
  const call = arranger(server, token);
  const category = await call<{ id: string }>('POST', '/api/category/create', {
    name: 'Lighting',
    slug: 'Lighting',
    color: '#1565c0',
    images: [await uploadPng(server, '/api/category', token)],
  });
  const product = await call<{ id: string; name: string }>('POST', '/api/products/create', {
    name: 'Zephyr Desk Lamp',
    description: 'A lamp',
    brand: 'Zephyr',
    price: 900,
    oldPrice: 1000,
    category: category.id,
    countInStock: 10,
    rating: 4,
    isFeatured: false,
    discount: 5,
    images: [await uploadPng(server, '/api/products', token)],
  });
  const order = await call<Order>('POST', '/api/orders/create', {
    paymentId: 'pay_1',
    name: 'Meera Iyer',
    phoneNumber: '5550177',
    address: '1 Market Road',
    pincode: '400001',
    email: 'meera@shop.test',
    status: 'pending',
    products: [{ productId: product.id, quantity: 1 }],
  });
  return { product, order };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search or jump to…' });
const combobox = (page: Page) => palette(page).getByRole('combobox');

/** Ctrl+K, then the text typed into the palette's field. */
async function openAndType(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  await combobox(page).waitFor();
  await combobox(page).fill(text);
}

/** The active option (aria-activedescendant), once its text is `text`. */
async function expectActive(page: Page, text: RegExp) {
  await expect
    .poll(() =>
      combobox(page).evaluate(
        (field) => document.getElementById(field.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '',
      ),
    )
    .toMatch(text);
}

describe.skipIf(!hasChromium)('Command palette (Ctrl+K) and shortcuts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let product: { id: string };
  let order: Order;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ product, order } = await arrange(server, await ownerToken(server)));
    const admin = await createAdmin(server);
    ({ page } = await openSignedIn(browser, server, admin, '/dashboard', 'Dashboard'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a product by name: Enter lands on it; axe clean with the palette open', async () => {
    await openAndType(page, 'zephyr');
    await palette(page)
      .getByRole('option', { name: /Zephyr Desk Lamp/ })
      .waitFor();
    await expectActive(page, /Zephyr Desk Lamp/);
    await expectAccessible(page, 'Command palette (light)');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/product/details/${product.id}`);
    await page.getByRole('heading', { name: 'Product View' }).waitFor();
  });

  it('finds an order by phone: Enter opens its order page', async () => {
    await openAndType(page, '5550177');
    await expectActive(page, new RegExp(`Order ${order.id}`));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);
    await page.getByRole('heading', { name: 'Order', exact: true }).waitFor();
  });

  it('"Toggle theme" switches the theme; axe clean in dark with the palette open', async () => {
    await openAndType(page, 'toggle theme');
    await expectActive(page, /Toggle theme/);
    await page.keyboard.press('Enter');
    // Gone from the page (its closing transition over), not only hidden, before it opens again:
    // once, on a loaded machine, the header's button below was not found for 30 s after this
    // close-and-reopen (cause not found; see the note of 2026-11-27).
    await palette(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.body.className)).toContain('dark');
    await openAndType(page, 'or');
    await palette(page)
      .getByRole('option', { name: /Orders/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'Command palette (dark)');
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('? lists the shortcuts; / goes to the Product List search, where ? and / are typed', async () => {
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Product List' }).waitFor();
    await page.locator('body').press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.waitFor();
    expect(await shortcuts.getByRole('rowheader').allInnerTexts()).toEqual(['Ctrl+K', '?', '/', '↑ ↓', 'Enter', 'Esc']);
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'hidden' });
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await expect.poll(() => search.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('a/b?');
    expect(await search.inputValue()).toBe('a/b?');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
