import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

type Record = { id: string };

async function uploadImage(server: RunningServer, token: string, family: string): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'seed.png');
  const res = await fetch(`${server.baseUrl}${family}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const urls = (await res.json()) as string[];
  if (res.status !== 200 || !urls[0]) throw new Error(`upload failed: ${res.status}`);
  return urls[0];
}

async function created<T>(promise: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await promise;
  if (res.status !== 201) throw new Error(`arrange failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function rowNames(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Products' }).locator('tbody tr td:first-child a').allInnerTexts();
}

/** Waits until the product table shows exactly these names, top to bottom. */
async function waitForRows(page: Page, names: string[]) {
  await page.waitForFunction(
    (expected) =>
      Array.from(document.querySelectorAll('table[aria-label="Products"] tbody tr td:first-child a'))
        .map((link) => link.textContent)
        .join('|') === expected.join('|'),
    names,
  );
}

const countOf = (page: Page, title: string) => page.getByRole('region', { name: title }).innerText();

describe.skipIf(!hasChromium)('dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const token = await ownerToken(server);
    const image = await uploadImage(server, token, '/api/category');
    const category = (name: string) =>
      created<Record>(
        api(server, 'POST', '/api/category/create', { name, slug: name, color: '#333333', images: [image] }, token),
      );
    const phones = await category('Phones');
    const laptops = await category('Laptops');
    const productImage = await uploadImage(server, token, '/api/products');
    const product = (name: string, brand: string, catId: string, price: number) =>
      created<Record>(
        api(
          server,
          'POST',
          '/api/products/create',
          {
            name,
            brand,
            description: `${name} by ${brand}`,
            price,
            oldPrice: price + 100,
            category: catId,
            countInStock: 10,
            rating: 4,
            isFeatured: true,
            discount: 5,
            images: [productImage],
          },
          token,
        ),
      );
    const galaxy = await product('Galaxy Phone', 'Samsung', phones.id, 500);
    await product('Pixel Phone', 'Google', phones.id, 400);
    const zen = await product('Zen Laptop', 'Asus', laptops.id, 1000);
    await created(
      api(
        server,
        'POST',
        '/api/productReviews/add',
        { productId: galaxy.id, customerName: 'Ravi', review: 'Good', customerRating: 5 },
        token,
      ),
    );
    const order = (productId: string, quantity: number, price: number) =>
      created(
        api(
          server,
          'POST',
          '/api/orders/create',
          {
            name: 'Meera',
            phoneNumber: '5550199',
            address: '1 Market Road',
            pincode: '560001',
            email: 'meera@shop.test',
            products: [{ productId, productTitle: 'x', image: productImage, quantity, price }],
          },
          token,
        ),
      );
    await order(galaxy.id, 3, 500);
    await order(zen.id, 1, 1000);
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the counts, total sales and the best sellers ranked by units sold', async () => {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(() => countOf(page, 'Total Users')).toMatch(/\b1\b/);
    await expect.poll(() => countOf(page, 'Total Orders')).toMatch(/\b2\b/);
    await expect.poll(() => countOf(page, 'Total Products')).toMatch(/\b3\b/);
    await expect.poll(() => countOf(page, 'Total Reviews')).toMatch(/\b1\b/);
    await expect.poll(() => countOf(page, 'Total Sales')).toContain('Rs 2,500');
    const ranking = page.getByRole('list', { name: 'Best sellers by units sold' });
    await ranking.waitFor();
    const entries = await ranking.getByRole('listitem').allInnerTexts();
    expect(entries[0]).toMatch(/Galaxy Phone[\s\S]*3 sold/);
    expect(entries[1]).toMatch(/Zen Laptop[\s\S]*1 sold/);
    expect(entries).toHaveLength(2);
  });

  it('draws the sales chart and switches the period', async () => {
    const card = page.getByRole('region', { name: 'Sales', exact: true });
    await card.locator('[data-testid="sales-chart"] canvas').waitFor();
    expect(await card.innerText()).toMatch(/Rs 2,500[\s\S]*2 orders in the last 12 months/);
    // The chart's numbers, for screen readers: one row per month.
    const monthly = page.getByRole('table', { name: 'Sales in the last 12 months' });
    expect(await monthly.locator('tbody tr').count()).toBe(12);

    await card.getByRole('button', { name: '7 days' }).click();
    await page.getByRole('table', { name: 'Sales in the last 7 days' }).waitFor({ state: 'attached' });
    // The caption follows the button at once; the rows follow when the new period's data is in.
    await expect
      .poll(() => page.getByRole('table', { name: 'Sales in the last 7 days' }).locator('tbody tr').count())
      .toBe(7);
    expect(await card.innerText()).toMatch(/2 orders in the last 7 days/);
    expect(await card.innerText()).toContain('No sales in the previous 7 days to compare');
    expect(await card.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await card.locator('[data-testid="sales-chart"] canvas').waitFor();

    await card.getByRole('button', { name: '90 days' }).click();
    await page.getByRole('table', { name: 'Sales in the last 90 days' }).waitFor({ state: 'attached' });
    await expect
      .poll(() => page.getByRole('table', { name: 'Sales in the last 90 days' }).locator('tbody tr').count())
      .toBe(90);
  });

  it('filters the Best Selling Products table by category and searches it', async () => {
    await waitForRows(page, ['Zen Laptop', 'Pixel Phone', 'Galaxy Phone']);
    await page.getByRole('combobox', { name: /Category By/ }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['All', 'Phones', 'Laptops']);
    await page.getByRole('option', { name: 'Laptops' }).click();
    await waitForRows(page, ['Zen Laptop']);
    expect(page.url()).toMatch(/catId=/);
    // The ranking follows the same filter.
    await expect
      .poll(() => page.getByRole('list', { name: 'Best sellers by units sold' }).getByRole('listitem').count())
      .toBe(1);

    await page.getByRole('combobox', { name: /Category By/ }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await waitForRows(page, ['Zen Laptop', 'Pixel Phone', 'Galaxy Phone']);

    const search = page.getByPlaceholder('Search here...');
    await search.fill('Samsung');
    await waitForRows(page, ['Galaxy Phone']);
    expect(page.url()).toContain('q=Samsung');
    await search.fill('pix');
    await waitForRows(page, ['Pixel Phone']);
    await search.fill('');
    await waitForRows(page, ['Zen Laptop', 'Pixel Phone', 'Galaxy Phone']);
    expect(await rowNames(page)).toHaveLength(3);
    expect(page.url()).not.toContain('q=');
  });

  it('has no serious accessibility problems in light and dark', async () => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Sales', exact: true }).locator('canvas').waitFor();
    await waitForRows(page, ['Zen Laptop', 'Pixel Phone', 'Galaxy Phone']);
    await expectAccessible(page, 'Dashboard (light)');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await expectAccessible(page, 'Dashboard (dark)');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('opened by address, draws the frame and the figures in one go (no loading placeholder first) and finishes the top bar', async () => {
    const { page: fresh, context } = await newPage(browser, server);
    try {
      await signInThroughForm(fresh, ownerEmail, ownerPassword);
      await fresh.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // From here on, every page this tab opens records whether a screen's loading
      // placeholder (the route fallback: role=status, "Loading") ever showed.
      await fresh.addInitScript(() => {
        const seen = { placeholder: false };
        Object.assign(window, { firstDraw: seen });
        new MutationObserver(() => {
          if (document.querySelector('[role="status"][aria-label="Loading"]')) seen.placeholder = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await fresh.goto('/dashboard');
      await fresh.getByRole('navigation').first().waitFor();
      await fresh.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await expect.poll(() => countOf(fresh, 'Total Orders')).toMatch(/\b2\b/);
      expect(
        await fresh.evaluate(() => (window as unknown as { firstDraw: { placeholder: boolean } }).firstDraw),
      ).toEqual({
        placeholder: false,
      });
      // The top bar of the app's start ends (at 100 it fades out and leaves a 0-wide bar).
      await expect
        .poll(() => fresh.getByTestId('top-loading-bar').evaluate((bar) => (bar as HTMLElement).style.width), {
          timeout: 10_000,
        })
        .toBe('0%');
    } finally {
      await context.close();
    }
  });
});
