/**
 * Regenerates the README screenshots (docs/screenshots/*.png) from the production build,
 * at 1366×900, on a fresh database loaded with the demo shop:
 *
 *   npm run build && npx tsx e2e/support/screenshots.ts              # every shot
 *   npx tsx e2e/support/screenshots.ts sign-in my-account            # some, by file name
 *
 * E2E_API_ENTRY / E2E_ADMIN_DIST point at other builds, as for the browser tests.
 * To add a shot, append to `shots`: the page, the theme, what to wait for, and (optionally)
 * the data to arrange through the API first or the clicks to make before the picture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { permissionNames, productCsvColumns } from '@shopdesk/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { apiSignIn, createAdmin } from './accounts';
import { launchBrowser, newPage, useSession } from './browser';
import { api, ownerToken, type RunningServer, startServer } from './server';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const viewport = { width: 1366, height: 900 };

/** Who the shots are signed in as; made once per run. */
export type ShotContext = { server: RunningServer; token: string; user: { id: string; name: string; email: string } };

export type Shot = {
  /** File name under docs/screenshots, without .png. */
  file: string;
  path: string;
  signedIn: boolean;
  theme?: 'light' | 'dark';
  /** Data the screen should show, arranged through the API before the page opens. */
  arrange?: (context: ShotContext) => Promise<void>;
  /** Resolves when the screen is complete (data loaded, not a spinner). */
  ready: (page: Page) => Promise<void>;
  /** Clicks to make once ready (open a menu, pick a tab...). */
  act?: (page: Page) => Promise<void>;
};

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).waitFor();

/** Waits until every image on the page has loaded (thumbnails, gallery, avatars). */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0));
const headingAndImages = (name: string) => async (page: Page) => {
  await heading(name)(page);
  await page.getByRole('row').nth(1).waitFor();
  await imagesLoaded(page);
};

const shots: Shot[] = [
  { file: 'sign-in', path: '/login', signedIn: false, ready: heading('Login to Shopdesk') },
  {
    file: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    ready: async (page) => {
      await headingAndImages('Dashboard')(page);
      await page.locator('canvas').first().waitFor();
    },
  },
  {
    file: 'dashboard-dark',
    path: '/dashboard',
    signedIn: true,
    theme: 'dark',
    ready: async (page) => {
      await headingAndImages('Dashboard')(page);
      await page.locator('canvas').first().waitFor();
    },
  },
  { file: 'products', path: '/products', signedIn: true, ready: headingAndImages('Product List') },
  { file: 'orders', path: '/orders', signedIn: true, ready: headingAndImages('Orders List') },
  {
    // Three rows ticked: the bulk action bar above the table (api.md §13).
    file: 'products-bulk',
    path: '/products',
    signedIn: true,
    ready: headingAndImages('Product List'),
    act: async (page) => {
      const rows = page.getByRole('checkbox', { name: /^Select (?!all)/ });
      for (const place of [0, 1, 3]) await rows.nth(place).check();
      await page.getByRole('region', { name: 'Bulk actions' }).waitFor();
      // Ticking scrolled the table's own box: back to its first row for the picture.
      await page.locator('table[aria-label="Products"]').evaluate((table) => {
        if (table.parentElement) table.parentElement.scrollTop = 0;
      });
    },
  },
  {
    // A file of eight demo products chosen: its first rows, read in the browser.
    file: 'import',
    path: '/products/import',
    signedIn: true,
    arrange: async ({ server, token }) => fs.writeFileSync(importFile, await demoCsv(server, token)),
    ready: heading('Import Products'),
    act: async (page) => {
      await page.getByLabel('Choose CSV file').setInputFiles(importFile);
      await page.getByRole('region', { name: 'First rows of the file' }).waitFor();
    },
  },
  {
    // Sorted by price, high to low (in the address), with the Views menu open on a shared view.
    file: 'products-sorted',
    path: '/products?sort=price&order=desc',
    signedIn: true,
    arrange: async ({ server, token }) => {
      await api(
        server,
        'POST',
        '/api/views',
        { name: 'Priciest first', screen: 'products', query: { sort: 'price', order: 'desc' }, shared: true },
        token,
      );
    },
    ready: headingAndImages('Product List'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Views' }).click();
      await page.getByRole('menuitem', { name: /Priciest first/ }).waitFor();
    },
  },
  {
    // Ctrl+K: screens, actions and the products found as you type.
    file: 'command-palette',
    path: '/dashboard',
    signedIn: true,
    ready: heading('Dashboard'),
    act: async (page) => {
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Search or jump to…' });
      await palette.getByRole('combobox').fill('sam');
      await palette.getByRole('option').nth(2).waitFor();
      await page.waitForTimeout(600);
    },
  },
  {
    // The form's first rule failed: the spec's alert, and the field marked, described and focused.
    file: 'form-errors',
    path: '/product/upload',
    signedIn: true,
    ready: heading('Product Upload'),
    act: async (page) => {
      await page.getByRole('textbox', { name: 'PRODUCT NAME' }).fill('Kite');
      await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { file: 'categories', path: '/category', signedIn: true, ready: headingAndImages('Category List') },
  { file: 'banners', path: '/banners', signedIn: true, ready: headingAndImages('Banners List') },
  { file: 'staff', path: '/settings/staff', signedIn: true, ready: heading('Staff') },
  { file: 'roles', path: '/settings/roles', signedIn: true, ready: heading('Roles') },
  {
    // The log of the changes made above and here: a price, an order's status.
    file: 'activity',
    path: '/settings/activity',
    signedIn: true,
    arrange: async ({ server, token }) => {
      const products = (await api(server, 'GET', '/api/products?page=1&perPage=2', undefined, token)).body as {
        products: Array<Record<string, unknown> & { id: string; price: number; category: { id: string } }>;
      };
      for (const product of products.products) {
        await api(
          server,
          'PUT',
          `/api/products/${product.id}`,
          { ...product, category: product.category.id, price: product.price - 500 },
          token,
        );
      }
      const orders = (await api(server, 'GET', '/api/orders?page=1&perPage=1', undefined, token)).body as {
        orders: Array<Record<string, unknown> & { id: string; status: string }>;
      };
      for (const order of orders.orders) {
        await api(
          server,
          'PUT',
          `/api/orders/${order.id}`,
          { ...order, status: order.status === 'pending' ? 'confirm' : 'pending' },
          token,
        );
      }
    },
    ready: async (page) => {
      await heading('Activity')(page);
      await page.getByRole('row').nth(1).waitFor();
    },
  },
  {
    // An order's own page, opened from the Orders List's first row after a status change and a note.
    file: 'order',
    path: '/orders',
    signedIn: true,
    arrange: async ({ server, token }) => {
      const page = (await api(server, 'GET', '/api/orders?page=1&perPage=10', undefined, token)).body as {
        orders: Array<Record<string, unknown> & { id: string; status: string }>;
      };
      // The list shows each page reversed: its first row is the page's last order.
      const order = page.orders.at(-1);
      if (!order) return;
      await api(server, 'PUT', `/api/orders/${order.id}`, { ...order, status: 'confirm' }, token);
      await api(
        server,
        'POST',
        `/api/orders/${order.id}/notes`,
        { text: 'Customer asked us to ring before delivery.' },
        token,
      );
    },
    ready: headingAndImages('Orders List'),
    act: async (page) => {
      await page.locator('tbody tr').first().getByRole('link').click();
      await page.getByRole('list', { name: 'Timeline entries' }).waitFor();
      await imagesLoaded(page);
    },
  },
  {
    // Two products and a banner deleted: what Trash lists until they are restored or purged.
    file: 'trash',
    path: '/settings/trash',
    signedIn: true,
    arrange: async ({ server, token }) => {
      const products = (await api(server, 'GET', '/api/products?page=2&perPage=2', undefined, token)).body as {
        products: Array<{ id: string }>;
      };
      for (const product of products.products)
        await api(server, 'DELETE', `/api/products/${product.id}`, undefined, token);
      const banners = (await api(server, 'GET', '/api/banners', undefined, token)).body as Array<{ id: string }>;
      if (banners[0]) await api(server, 'DELETE', `/api/banners/${banners[0].id}`, undefined, token);
    },
    ready: async (page) => {
      await heading('Trash')(page);
      await page.getByRole('row').nth(1).waitFor();
    },
  },
  {
    file: 'my-account',
    path: '/my-account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
      await page.waitForFunction(() =>
        Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
      );
    },
  },
];

const importFile = path.join(os.tmpdir(), 'shopdesk-catalogue.csv');

/** Eight demo products in the import's columns (api.md §13), quoted as RFC 4180 says. */
async function demoCsv(server: RunningServer, token: string): Promise<string> {
  const page = (await api(server, 'GET', '/api/products?page=1&perPage=8', undefined, token)).body as {
    products: Array<Record<string, unknown>>;
  };
  const text = (value: unknown) => {
    const list = Array.isArray(value)
      ? value.map((item) => (item && typeof item === 'object' ? String((item as { value?: unknown }).value) : item))
      : undefined;
    const plain = list ? list.join('|') : String(value ?? '');
    return /[",\r\n]/.test(plain) ? `"${plain.replaceAll('"', '""')}"` : plain;
  };
  const names: Record<string, string> = { category: 'catName', subCategory: 'subCatName', size: 'size' };
  const lines = page.products.map((product) =>
    productCsvColumns.map((column) => text(product[names[column] ?? column])).join(','),
  );
  return `${[productCsvColumns.join(','), ...lines].join('\r\n')}\r\n`;
}

/** An administrator with a profile picture, so the header and My Account look lived-in. */
async function makeShotAccount(server: RunningServer): Promise<ShotContext> {
  const admin = await createAdmin(server, { name: 'Asha Verma', email: 'asha@shopdesk.test', phone: '9876543210' });
  const session = await apiSignIn(server, admin.email, admin.password);
  if (!session.token || !session.user) throw new Error(`sign-in failed: ${session.msg}`);
  const portrait = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#1565c0' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="400"><circle cx="200" cy="160" r="80" fill="#bbdefb"/>' +
            '<ellipse cx="200" cy="380" rx="150" ry="130" fill="#bbdefb"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(portrait)], { type: 'image/png' }), 'portrait.png');
  const uploaded = await fetch(`${server.baseUrl}/api/user/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const images = (await uploaded.json()) as string[];
  const saved = await api(
    server,
    'PUT',
    `/api/user/${admin.id}`,
    { name: admin.name, email: admin.email, phone: admin.phone, images },
    session.token,
  );
  if (saved.status !== 200) throw new Error(`profile save failed: ${saved.status}`);
  // The Settings screens need staff:manage: the owner gives Asha a custom role holding every
  // permission, and invites two more people, so Staff and Roles show a team.
  const owner = await ownerToken(server);
  const asOwner = async (method: string, url: string, body: unknown) => {
    const res = await api(server, method, url, body, owner);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await asOwner('POST', '/api/roles', { name: 'Store lead', permissions: [...permissionNames] });
  await asOwner('PUT', `/api/staff/${admin.id}`, { role: 'Store lead' });
  await asOwner('POST', '/api/staff/invite', { email: 'ravi@shopdesk.test', name: 'Ravi Kumar', role: 'clerk' });
  await asOwner('POST', '/api/staff/invite', { email: 'meera@shopdesk.test', name: 'Meera Iyer', role: 'editor' });
  const again = await apiSignIn(server, admin.email, admin.password);
  if (!again.token || !again.user) throw new Error(`sign-in failed: ${again.msg}`);
  return { server, token: again.token, user: again.user };
}

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? shots.filter((shot) => wanted.includes(shot.file)) : shots;
  if (selected.length === 0) throw new Error(`no shot named ${wanted.join(', ')}`);
  fs.mkdirSync(outDir, { recursive: true });

  // The demo shop (SEED=demo): the screens as a shop's staff would see them.
  const server = await startServer({ SEED: 'demo' });
  const browser = await launchBrowser();
  try {
    const context = await makeShotAccount(server);
    for (const shot of selected) {
      await shot.arrange?.(context);
      const { page, context: browserContext } = await newPage(browser, server, viewport);
      if (shot.signedIn) await useSession(page, context.token, context.user);
      else await page.goto('/login');
      await page.evaluate((mode) => localStorage.setItem('theme', mode), shot.theme ?? 'light');
      await page.goto(shot.path);
      await shot.ready(page);
      await shot.act?.(page);
      // The top loading bar needs ~1 s to reach 100 and fade out; fonts must be in too.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(2000);
      const file = path.join(outDir, `${shot.file}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
      await browserContext.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
