import { productMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  hasChromium,
  launchBrowser,
  newPage,
  signInThroughForm,
  useSession,
} from './support/browser';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

type Category = { id: string; name: string; children: { id: string; name: string }[] };
type Product = { id: string; name: string };

/** A real PNG, so the server's decode-to-verify accepts it. */
const pngBytes = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();

async function uploadImage(server: RunningServer, token: string, family: string): Promise<string> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'seed.png');
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

async function switchTheme(page: Page, to: 'dark' | 'light') {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click();
  await page.getByRole('button', { name: `Switch to ${to === 'dark' ? 'light' : 'dark'} theme` }).waitFor();
}

async function checkBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (light)`);
  await switchTheme(page, 'dark');
  await expectAccessible(page, `${label} (dark)`);
  await switchTheme(page, 'light');
}

async function expectAlert(page: Page, text: string) {
  try {
    await page.getByTestId('app-alert').filter({ hasText: text }).waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const shown = await page.getByTestId('app-alert').allInnerTexts();
    throw new Error(`alert '${text}' never appeared; shown: ${JSON.stringify(shown)} at ${page.url()}`);
  }
}

/** The names in the product table's rows, top to bottom. */
function rowNames(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Products' }).locator('tbody tr td.product-cell a').allInnerTexts();
}

/** Waits until the table's first row is `name` (and, when given, it has `count` rows). */
async function waitForFirstRow(page: Page, name: string, count?: number) {
  await page.waitForFunction(
    ([expected, rows]) => {
      const links = document.querySelectorAll('table[aria-label="Products"] tbody tr td.product-cell a');
      return links[0]?.textContent === expected && (rows === undefined || links.length === rows);
    },
    [name, count] as const,
  );
}

/** Picks options of a select; a multi-select's menu stays open until Escape. */
async function choose(page: Page, field: RegExp, options: string[], multiple = false) {
  await page.getByRole('combobox', { name: field }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** One shop for the whole file; each test starts where the one before left it. */
describe.skipIf(!hasChromium)('product screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let createdId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await ownerToken(server);
    const image = await uploadImage(server, token, '/api/category');
    const category = (name: string, parentId?: string) =>
      created<Category>(
        api(
          server,
          'POST',
          '/api/category/create',
          { name, slug: name, color: '#1565c0', images: [image], parentId },
          token,
        ),
      );
    const root = await category('Phones');
    const laptops = await category('Laptops');
    await category('Smart Phones', root.id);
    await category('Gaming', laptops.id);
    for (const [path, field, value] of [
      ['/api/productRAMS', 'productRam', '4GB'],
      ['/api/productRAMS', 'productRam', '8GB'],
      ['/api/productWeight', 'productWeight', '1KG'],
      ['/api/productSIZE', 'size', 'XL'],
    ] as const) {
      await created(api(server, 'POST', `${path}/create`, { [field]: value }, token));
    }
    const productImage = await uploadImage(server, token, '/api/products');
    // Created one by one: the list's order is creation order.
    for (let n = 1; n <= 30; n += 1) {
      await created(
        api(
          server,
          'POST',
          '/api/products/create',
          {
            name: `Item ${String(n).padStart(2, '0')}`,
            description: `Numbered item ${n}`,
            brand: 'Bulkco',
            price: 100 + n,
            oldPrice: 200 + n,
            category: laptops.id,
            countInStock: 5,
            rating: 3,
            isFeatured: false,
            discount: 5,
            images: [productImage],
          },
          token,
        ),
      );
    }
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists products a page at a time from the server, each page reversed, 10/25/100 per page', async () => {
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Product List' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Dashboard\s*\/\s*Products/);
    await expect.poll(() => page.getByRole('region', { name: 'Total Products' }).innerText()).toContain('30');
    await expect.poll(() => page.getByRole('region', { name: 'Total Categories' }).innerText()).toContain('2');
    await expect.poll(() => page.getByRole('region', { name: 'Total Sub Category' }).innerText()).toContain('2');
    await waitForFirstRow(page, 'Item 10');
    const firstPage = await rowNames(page);
    expect(firstPage).toEqual(['10', '09', '08', '07', '06', '05', '04', '03', '02', '01'].map((n) => `Item ${n}`));
    const header = await page.getByRole('table', { name: 'Products' }).locator('thead').innerText();
    expect(header.split(/\s*\n\s*|\t/).filter(Boolean)).toEqual([
      'PRODUCT',
      'CATEGORY',
      'SUB CATEGORY',
      'BRAND',
      'PRICE',
      'RATING',
      'ACTION',
    ]);
    const firstRow = page.getByRole('table', { name: 'Products' }).locator('tbody tr').first();
    expect(await firstRow.innerText()).toMatch(/Rs 210[\s\S]*Rs 110/);
    expect(await firstRow.getByRole('img', { name: /3 Stars/ }).count()).toBe(1);
    expect(await firstRow.locator('img[loading="lazy"]').getAttribute('src')).toMatch(/\.small\.webp$/);
    await checkBothThemes(page, 'Product List');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await waitForFirstRow(page, 'Item 20');
    expect(page.url()).toContain('page=2');
    expect((await rowNames(page)).at(-1)).toBe('Item 11');

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await waitForFirstRow(page, 'Item 25', 25);
    expect(page.url()).toContain('perPage=25');
    expect(await rowNames(page)).toHaveLength(25);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await waitForFirstRow(page, 'Item 30');
    expect(await rowNames(page)).toEqual(['Item 30', 'Item 29', 'Item 28', 'Item 27', 'Item 26']);

    // The page and size are in the address: a reload keeps them.
    await page.reload();
    await waitForFirstRow(page, 'Item 30');
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '100' }).click();
    await waitForFirstRow(page, 'Item 30', 30);
    const all = await rowNames(page);
    expect(all).toHaveLength(30);
    expect(all.at(-1)).toBe('Item 01');
  });

  it('checks the product form in the spec order and creates a product with an image, options and a location', async () => {
    await page.goto('/product/upload');
    await page.getByRole('heading', { name: 'Product Upload' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
      /Dashboard\s*\/\s*Products\s*\/\s*Product Upload/,
    );
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByRole('heading', { name: 'Media And Published' }).waitFor();
    await page.getByRole('combobox', { name: /LOCATION/ }).waitFor();
    await checkBothThemes(page, 'Product Upload');

    const publish = page.getByRole('button', { name: 'PUBLISH AND VIEW' });
    const steps: [string, () => Promise<void>][] = [
      [productMessages.name, () => page.getByLabel('PRODUCT NAME').fill('Galaxy Nova')],
      [productMessages.description, () => page.getByLabel('DESCRIPTION').fill('A bright phone.')],
      [productMessages.brand, () => page.getByLabel('BRAND').fill('Samsung')],
      [productMessages.price, () => page.getByLabel('PRICE', { exact: true }).fill('900')],
      [productMessages.oldPrice, () => page.getByLabel('OLD PRICE').fill('1000')],
      [productMessages.category, () => choose(page, /^CATEGORY/, ['Phones'])],
      [productMessages.countInStock, () => page.getByLabel('PRODUCT STOCK').fill('7')],
      [productMessages.isFeatured, () => choose(page, /^IS FEATURED/, ['True'])],
      [productMessages.discount, () => page.getByLabel('DISCOUNT').fill('10')],
    ];
    for (const [message, fix] of steps) {
      await publish.click();
      await expectAlert(page, message);
      await fix();
    }
    await publish.click();
    await expectAlert(page, productMessages.images);

    await choose(page, /^SUB CATEGORY/, ['Smart Phones']);
    await choose(page, /^PRODUCT RAMS/, ['4GB', '8GB'], true);
    await choose(page, /^PRODUCT WEIGHT/, ['1KG'], true);
    await choose(page, /^PRODUCT SIZE/, ['XL'], true);
    await choose(page, /^LOCATION/, ['India'], true);
    // From the starting 1 star to 4 in half steps, by keyboard as a person without a mouse would.
    await page.getByRole('radio', { name: '1 Star', exact: true }).focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 Stars', exact: true }).isChecked()).toBe(true);
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: await pngBytes() });
    await expectAlert(page, 'Images Uploaded!');
    await page.getByRole('img', { name: 'Image 1' }).waitFor();
    await publish.click();
    await expectAlert(page, productMessages.created);
    await page.waitForURL('**/products');

    const list = await api<{ products: Product[] }>(server, 'GET', '/api/search?q=Nova', undefined, token);
    createdId = list.body.products[0]?.id ?? '';
    expect(createdId).not.toBe('');
  });

  it('shows the product: gallery, discount badge, details, description and reviews', async () => {
    await created(
      api(
        server,
        'POST',
        '/api/productReviews/add',
        { productId: createdId, customerName: 'Ravi Kumar', review: 'Great screen.', customerRating: 4.5 },
        token,
      ),
    );
    await page.goto('/products');
    await page.getByPlaceholder('Search here...').fill('Nova');
    await waitForFirstRow(page, 'Galaxy Nova');
    expect(page.url()).toContain('q=Nova');
    await page.getByRole('link', { name: 'Galaxy Nova', exact: true }).click();
    await page.waitForURL(`**/product/details/${createdId}`);
    await page.getByRole('heading', { name: 'Product View' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
      /Dashboard\s*\/\s*Products\s*\/\s*Product View/,
    );
    const gallery = page.getByRole('region', { name: 'Product Gallery' });
    await gallery.getByRole('img', { name: 'Galaxy Nova, 1 of 1' }).waitFor({ state: 'visible' });
    expect(await gallery.getByText('10%', { exact: true }).isVisible()).toBe(true);
    const details = await page.getByRole('region', { name: 'Product Details' }).innerText();
    for (const pattern of [/Galaxy Nova/, /Brand\s+Samsung/, /Category\s+Phones/, /RAM\s+4GB\s+8GB/, /SIZE\s+XL/]) {
      expect(details).toMatch(pattern);
    }
    expect(details).toMatch(/Weight\s+1KG/);
    expect(details).toMatch(/Review\s+\(1\) Review/);
    expect(details).toMatch(/Published\s+\d{1,2} \w{3} \d{4}/);
    expect(await page.getByRole('region', { name: 'Product Description' }).innerText()).toContain('A bright phone.');
    const reviews = await page.getByRole('region', { name: 'Customer Reviews' }).innerText();
    expect(reviews).toContain('Ravi Kumar');
    expect(reviews).toContain('Great screen.');
    await checkBothThemes(page, 'Product View');

    await page.goto('/product/details/000000000000000000000000');
    await page.getByText('Product not found').waitFor();
  });

  it('prefills every field on Product Edit and saves the change', async () => {
    await page.goto(`/product/edit/${createdId}`);
    await page.getByRole('heading', { name: 'Product Edit' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
      /Dashboard\s*\/\s*Products\s*\/\s*Product Edit/,
    );
    await page.getByLabel('PRODUCT NAME').waitFor();
    const values: [string, string][] = [
      ['PRODUCT NAME', 'Galaxy Nova'],
      ['DESCRIPTION', 'A bright phone.'],
      ['OLD PRICE', '1000'],
      ['PRODUCT STOCK', '7'],
      ['BRAND', 'Samsung'],
      ['DISCOUNT', '10'],
    ];
    for (const [label, value] of values) expect(await page.getByLabel(label).inputValue(), label).toBe(value);
    expect(await page.getByLabel('PRICE', { exact: true }).inputValue()).toBe('900');
    const selects: [RegExp, string][] = [
      [/^CATEGORY/, 'Phones'],
      [/^SUB CATEGORY/, 'Smart Phones'],
      [/^IS FEATURED/, 'True'],
      [/^PRODUCT RAMS/, '4GB, 8GB'],
      [/^PRODUCT WEIGHT/, '1KG'],
      [/^PRODUCT SIZE/, 'XL'],
      [/^LOCATION/, 'India'],
    ];
    for (const [label, text] of selects)
      expect(await page.getByRole('combobox', { name: label }).innerText()).toBe(text);
    expect(await page.getByRole('radio', { name: '4 Stars', exact: true }).isChecked()).toBe(true);
    await page.getByRole('img', { name: 'Image 1' }).waitFor();

    await page.getByLabel('PRICE', { exact: true }).fill('850');
    await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await expectAlert(page, productMessages.updated);
    await page.waitForURL('**/products');
    const saved = await api<{ price: number; location: { label: string }[] }>(
      server,
      'GET',
      `/api/products/${createdId}`,
      undefined,
      token,
    );
    expect(saved.body.price).toBe(850);
    expect(saved.body.location.map((l) => l.label)).toEqual(['India']);
  });

  it('lets only the owner delete a product', async () => {
    const signUp = await api<{ user: { id: string; name: string; email: string } }>(
      server,
      'POST',
      '/api/user/signup',
      {
        name: 'Second Admin',
        email: 'second@shop.test',
        phone: '5550101',
        password: 'second-password-1',
        confirmPassword: 'second-password-1',
        isAdmin: true,
      },
    );
    const second = await api<{ token: string }>(server, 'POST', '/api/user/signin', {
      email: 'second@shop.test',
      password: 'second-password-1',
    });
    const { page: otherPage, context } = await newPage(browser, server);
    await useSession(otherPage, second.body.token, signUp.body.user);
    await otherPage.goto('/products?q=Nova');
    await waitForFirstRow(otherPage, 'Galaxy Nova');
    await otherPage.getByRole('button', { name: 'Delete Galaxy Nova' }).click();
    await expectAlert(otherPage, productMessages.onlyOwnerDeletes);
    await context.close();

    await page.goto('/products');
    await expect.poll(() => page.getByRole('region', { name: 'Total Products' }).innerText()).toContain('31');
    await page.getByPlaceholder('Search here...').fill('Nova');
    await waitForFirstRow(page, 'Galaxy Nova');
    await page.getByRole('button', { name: 'Delete Galaxy Nova' }).click();
    await expectAlert(page, productMessages.deleted);
    await page.getByText('No products match this search').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Total Products' }).innerText()).toContain('30');
    // Clearing the search brings the full list back.
    await page.getByPlaceholder('Search here...').fill('');
    await waitForFirstRow(page, 'Item 10');
  });
});
