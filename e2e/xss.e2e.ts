import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import {
  api,
  arranger,
  ownerEmail,
  ownerPassword,
  ownerToken,
  type RunningServer,
  startServer,
  uploadPng,
} from './support/server';

/**
 * Script payloads saved through the API in every text field a screen shows, then every such
 * screen opened: each payload reads as literal text, no dialog fires, and no element the
 * payload describes exists in the DOM.
 */
const p = {
  productName: '<img src=x onerror=alert(1)>',
  description: '"><script>alert(2)</script>',
  brand: '<svg onload=alert(3)>',
  categoryName: '<img src=x onerror=alert(4)>',
  categoryColor: '"><svg onload=alert(5)>',
  subCategory: '"><script>alert(6)</script>',
  ram: '<img src=x onerror=alert(7)>',
  weight: 'javascript:alert(8)',
  size: '<svg onload=alert(9)>',
  profileName: '<img src=x onerror=alert(10)>',
  orderName: '"><script>alert(11)</script>',
  address: '<svg onload=alert(12)>',
  // Stored e-mails must have an address's form (issue 17): the quotes an address may hold.
  email: "o'neil+'-alert@example.com",
  phone: '<img src=x onerror=alert(14)>',
  pincode: '<svg onload=f()>15',
  productTitle: '<img src=x onerror=alert(16)>',
} as const;

/** No element a payload would have made, were it parsed as HTML. */
async function expectInert(page: Page, screen: string) {
  const found = await page.evaluate(() => ({
    imgX: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
    svgOnload: Array.from(document.querySelectorAll('svg')).filter((s) => s.hasAttribute('onload')).length,
    inlineScripts: Array.from(document.querySelectorAll('script')).filter((s) =>
      (s.textContent ?? '').includes('alert'),
    ).length,
    javascriptLinks: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i]').length,
    xss: (window as unknown as { __xss: unknown[] }).__xss?.length ?? 0,
  }));
  expect(found, screen).toEqual({ imgX: 0, handlers: 0, svgOnload: 0, inlineScripts: 0, javascriptLinks: 0, xss: 0 });
}

async function expectLiteral(page: Page, screen: string, texts: string[]) {
  for (const text of texts) {
    await expect
      .poll(() => page.getByText(text, { exact: false }).first().isVisible(), { message: `${screen}: ${text}` })
      .toBe(true);
  }
}

describe.skipIf(!hasChromium)('stored script payloads', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let dialogs: string[];
  let productId = '';
  let orderId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const token = await ownerToken(server);
    const call = arranger(server, token);
    const category = await call<{ id: string }>('POST', '/api/category/create', {
      name: p.categoryName,
      slug: p.categoryName,
      color: p.categoryColor,
      images: [await uploadPng(server, '/api/category', token)],
    });
    const sub = await call<{ id: string }>('POST', '/api/category/create', {
      name: p.subCategory,
      slug: p.subCategory,
      parentId: category.id,
    });
    await call('POST', '/api/productRAMS/create', { productRam: p.ram });
    await call('POST', '/api/productWeight/create', { productWeight: p.weight });
    await call('POST', '/api/productSIZE/create', { size: p.size });
    const image = await uploadPng(server, '/api/products', token);
    const product = await call<{ id: string }>('POST', '/api/products/create', {
      name: p.productName,
      description: p.description,
      brand: p.brand,
      price: 100,
      oldPrice: 120,
      category: category.id,
      subCatId: sub.id,
      countInStock: 5,
      rating: 4,
      isFeatured: true,
      discount: 5,
      productRam: [p.ram],
      productWeight: [p.weight],
      size: [p.size],
      images: [image],
    });
    productId = product.id;
    const order = await call<{ id: string }>('POST', '/api/orders/create', {
      paymentId: 'pay_1',
      name: p.orderName,
      phoneNumber: p.phone,
      address: p.address,
      pincode: p.pincode,
      email: p.email,
      userid: 'user-1',
      status: 'pending',
      products: [{ productId, productTitle: p.productTitle, image, quantity: 2, price: 100 }],
    });
    orderId = order.id;
    await call('POST', '/api/banners/create', {
      images: [await uploadPng(server, '/api/banners', token)],
      catId: category.id,
      subCatId: sub.id,
    });
    const me = await api<{ user: { id: string } }>(server, 'POST', '/api/user/signin', {
      email: ownerEmail,
      password: ownerPassword,
    });
    await call('PUT', `/api/user/${me.body.user.id}`, {
      name: p.profileName,
      email: ownerEmail,
      phone: '5550100',
      images: [await uploadPng(server, '/api/user', token)],
    });
    ({ page, dialogs } = await newPage(browser, server));
    // A second tripwire beside the dialog listener: any alert() call is recorded.
    await page.addInitScript(() => {
      const w = window as unknown as { __xss: unknown[]; alert: (m?: unknown) => void };
      w.__xss = [];
      const original = window.alert.bind(window);
      w.alert = (m?: unknown) => {
        w.__xss.push(m);
        original(String(m));
      };
    });
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the dashboard with a CSP that forbids inline script', async () => {
    const res = await fetch(`${server.baseUrl}/products`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ') || (d.startsWith('default-src ') && !csp.includes('script-src')));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toMatch(/\*|data:|https?:(?!\/\/)/);
  });

  it('shows the profile name as text in the header and its account menu', async () => {
    await expectLiteral(page, 'header', [p.profileName]);
    await page.getByRole('button', { name: `Account menu: ${p.profileName} ${ownerEmail}` }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL('**/my-account');
    await expectLiteral(page, 'my account', [p.profileName]);
    await expect.poll(() => page.getByLabel('Name', { exact: false }).first().inputValue()).toBe(p.profileName);
    await expectInert(page, 'my account');
  });

  it('shows the dashboard table and best sellers as text', async () => {
    await page.goto('/dashboard');
    await expectLiteral(page, 'dashboard', [p.productName, p.brand, p.categoryName]);
    await expectInert(page, 'dashboard');
  });

  it('shows products and the product view as text', async () => {
    await page.goto('/products');
    await expectLiteral(page, 'products', [p.productName, p.brand, p.categoryName]);
    await expectInert(page, 'products');
    await page.goto(`/product/details/${productId}`);
    await expectLiteral(page, 'product view', [
      p.productName,
      p.description,
      p.brand,
      p.categoryName,
      p.ram,
      p.weight,
      p.size,
    ]);
    await expectInert(page, 'product view');
  });

  it('shows categories, sub categories and option values as text', async () => {
    await page.goto('/category');
    await expectLiteral(page, 'category', [p.categoryName, p.categoryColor]);
    await expectInert(page, 'category');
    await page.goto('/subCategory');
    await expectLiteral(page, 'sub category', [p.categoryName, p.subCategory]);
    await expectInert(page, 'sub category');
    for (const [path, value] of [
      ['/productRAMS/add', p.ram],
      ['/productWEIGHT/add', p.weight],
      ['/productSIZE/add', p.size],
    ] as const) {
      await page.goto(path);
      await expectLiteral(page, path, [value]);
      await expectInert(page, path);
    }
  });

  it('shows orders and their products dialog as text', async () => {
    await page.goto('/orders');
    await expectLiteral(page, 'orders', [p.orderName, p.address, p.email, p.phone, p.pincode]);
    await expectInert(page, 'orders');
    await page.getByRole('button', { name: `Click here to view the products of order ${orderId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain(p.productTitle);
    await expectInert(page, 'order products dialog');
  });

  it('shows category names in the banners list as text', async () => {
    await page.goto('/banners');
    await expectLiteral(page, 'banners', [p.categoryName, p.subCategory]);
    await expectInert(page, 'banners');
  });

  it('never ran a payload', async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss: unknown[] }).__xss)).toEqual([]);
  });
});
