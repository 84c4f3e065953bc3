import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn } from './support/accounts';
import { bothThemes, hasChromium, launchBrowser } from './support/browser';
import {
  api,
  ownerEmail,
  ownerPassword,
  ownerToken,
  type RunningServer,
  startServer,
  uploadPng,
} from './support/server';

/** Low stock (api.md §15): the Edit form's threshold, the Dashboard card, the Product List filter. */

async function created<T>(promise: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await promise;
  if (res.status !== 201) throw new Error(`arrange failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const card = (page: Page) => page.getByRole('region', { name: 'Low stock' });
const cardRows = (page: Page) =>
  card(page)
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));

describe.skipIf(!hasChromium)('Low stock', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let page: Page;
  let lamp: { id: string };
  let chair: { id: string };
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await ownerToken(server);
    const category = await created<{ id: string }>(
      api(
        server,
        'POST',
        '/api/category/create',
        { name: 'Home', slug: 'Home', color: '#1565c0', images: [await uploadPng(server, '/api/category', token)] },
        token,
      ),
    );
    const image = await uploadPng(server, '/api/products', token);
    const product = (name: string, countInStock: number, extra: Record<string, unknown> = {}) =>
      created<{ id: string }>(
        api(
          server,
          'POST',
          '/api/products/create',
          {
            name,
            description: `A ${name.toLowerCase()}`,
            brand: 'Acme',
            price: 900,
            oldPrice: 1000,
            category: category.id,
            countInStock,
            rating: 4,
            isFeatured: false,
            discount: 5,
            images: [image],
            ...extra,
          },
          token,
        ),
      );
    lamp = await product('Desk Lamp', 20, { lowStockThreshold: 6 });
    chair = await product('Office Chair', 50);
    ({ page } = await openSignedIn(browser, server, { email: ownerEmail, password: ownerPassword }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the Edit form sets the stock under the threshold: the card lists it, live; the list filter shows it; axe clean', async () => {
    await card(page).getByText('No products are low on stock').waitFor();

    await page.goto(`/product/edit/${lamp.id}`);
    await page.getByRole('heading', { name: 'Product Edit' }).waitFor();
    const threshold = page.getByLabel('LOW STOCK THRESHOLD');
    await expect.poll(() => threshold.inputValue()).toBe('6');
    await page.getByLabel('PRODUCT STOCK').fill('4');
    await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await page.waitForURL('**/products');

    // Product List: the "Low stock" filter, kept in the address.
    const table = page.getByRole('table', { name: 'Products' });
    const named = (name: string) => table.getByRole('link', { name, exact: true });
    await named('Office Chair').waitFor();
    // The address changes through a navigation: the box is ticked once it lands.
    await page.getByRole('checkbox', { name: 'Low stock' }).click();
    await page.waitForURL((url) => url.searchParams.get('lowStock') === 'true');
    await named('Office Chair').waitFor({ state: 'detached' });
    expect(await named('Desk Lamp').count()).toBeGreaterThan(0);
    await page.reload();
    await named('Desk Lamp').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Low stock' }).isChecked()).toBe(true);
    expect(await named('Office Chair').count()).toBe(0);

    // The Dashboard card lists it, lowest stock first, and follows a change made elsewhere.
    await page.goto('/dashboard');
    await expect.poll(() => cardRows(page)).toEqual([['Desk Lamp', '4', '6']]);
    expect(await card(page).getByRole('link', { name: 'Desk Lamp' }).getAttribute('href')).toBe(
      `/product/details/${lamp.id}`,
    );
    const chairNow = await api<Record<string, unknown>>(server, 'GET', `/api/products/${chair.id}`, undefined, token);
    const edited = await api(
      server,
      'PUT',
      `/api/products/${chair.id}`,
      { ...chairNow.body, category: (chairNow.body.category as { id: string }).id, countInStock: 1 },
      token,
    );
    expect(edited.status).toBe(200);
    await expect
      .poll(() => cardRows(page), { timeout: 5000 })
      .toEqual([
        ['Office Chair', '1', '5'],
        ['Desk Lamp', '4', '6'],
      ]);
    await bothThemes(page, 'Dashboard with the Low stock card');
  });
});
