import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAdmin,
  expectAboutTwoSeconds,
  expectAlert,
  openSignedIn,
  readStorage,
  waitForPath,
} from './support/accounts';
import { clickWhenShown, expectAccessible, hasChromium, launchBrowser } from './support/browser';
import { api, type RunningServer, startServer } from './support/server';

/** The spec's sidebar (§2): groups by their button, links by label and address. */
const sidebarGroups: [string, [string, string][]][] = [
  [
    'Home Banner Slides',
    [
      ['Add Home Banner Slide', '/homeBannerSlide/add'],
      ['Home Slides List', '/homeBannerSlide/list'],
    ],
  ],
  [
    'Category',
    [
      ['Category List', '/category'],
      ['Add a category', '/category/add'],
    ],
  ],
  [
    'Sub Category',
    [
      ['Sub Category List', '/subCategory'],
      ['Add a sub category', '/subCategory/add'],
    ],
  ],
  [
    'Products',
    [
      ['Product List', '/products'],
      ['Product Upload', '/product/upload'],
      ['Add Product RAMS', '/productRAMS/add'],
      ['Add Product WEIGHT', '/productWEIGHT/add'],
      ['Add Product SIZE', '/productSIZE/add'],
    ],
  ],
  // The three banner families share their link labels; only the address differs.
  ...[
    ['Banners', 'banners'],
    ['Home Side Banners', 'homeSideBanners'],
    ['Home Bottom Banners', 'homeBottomBanners'],
  ].map(([title, path]): [string, [string, string][]] => [
    title as string,
    [
      ['Banners List', `/${path}`],
      ['Banner Upload', `/${path}/add`],
    ],
  ]),
];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const groupButton = (page: Page, title: string) => nav(page).getByRole('button', { name: title, exact: true });

const isExpanded = async (page: Page, title: string) =>
  (await groupButton(page, title).getAttribute('aria-expanded')) === 'true';

describe.skipIf(!hasChromium)('the shell: sidebar, header, theme, logout', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Account;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await createAdmin(server, { name: 'Maya Manager', email: 'maya@shop.test' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedInPage = (viewport?: { width: number; height: number }) =>
    openSignedIn(browser, server, admin, '/dashboard', 'Dashboard', viewport);

  async function expectLoggedOut(page: Page, token: string, started: number) {
    await expectAlert(page, 'Logout successfull', 'success');
    expectAboutTwoSeconds(await waitForPath(page, '/login', started));
    await page.getByRole('heading', { name: 'Login to Shopdesk' }).waitFor();
    expect(await readStorage(page)).toEqual({});
    const count = await api(server, 'GET', '/api/user/get/count', undefined, token);
    expect(count.status).toBe(401);
  }

  it('logs out from the sidebar button: alert, /login ~2 s later, storage empty, token refused', async () => {
    const { page, context, token } = await signedInPage();
    expect((await api(server, 'GET', '/api/user/get/count', undefined, token)).status).toBe(200);
    const started = Date.now();
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expectLoggedOut(page, token, started);
    await context.close();
  });

  it('logs out from the account menu the same way', async () => {
    const { page, context, token } = await signedInPage();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const started = Date.now();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectLoggedOut(page, token, started);
    await context.close();
  });

  it('starts light, toggles to dark, and keeps dark after a reload', async () => {
    const { page, context } = await signedInPage();
    const header = page.locator('header');
    const headerColour = () => header.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await page.evaluate(() => document.body.className)).toContain('light');
    const lightColour = await headerColour();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.body.className)).toContain('dark');
    expect((await readStorage(page)).theme).toBe('dark');
    expect(await headerColour()).not.toBe(lightColour);

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.body.className)).toContain('light');
    expect(await headerColour()).toBe(lightColour);
    await context.close();
  });

  it('lists every spec label in the sidebar with its link', async () => {
    const { page, context } = await signedInPage();
    expect(await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe('/');
    expect(await nav(page).getByRole('link', { name: 'Orders', exact: true }).getAttribute('href')).toBe('/orders');
    for (const [title, links] of sidebarGroups) {
      await groupButton(page, title).click();
      const panel = page.locator(`#${await groupButton(page, title).getAttribute('aria-controls')}`);
      for (const [label, href] of links) {
        const link = panel.getByRole('link', { name: label, exact: true });
        await link.waitFor();
        expect(await link.getAttribute('href'), label).toBe(href);
      }
    }
    await context.close();
  });

  it('keeps one group open: opening another collapses the first, clicking the open one collapses it', async () => {
    const { page, context } = await signedInPage();
    await groupButton(page, 'Category').click();
    await nav(page).getByRole('link', { name: 'Category List', exact: true }).waitFor();
    expect(await isExpanded(page, 'Category')).toBe(true);

    await groupButton(page, 'Sub Category').click();
    await nav(page).getByRole('link', { name: 'Sub Category List', exact: true }).waitFor();
    await nav(page).getByRole('link', { name: 'Category List', exact: true }).waitFor({ state: 'detached' });
    expect(await isExpanded(page, 'Category')).toBe(false);
    expect(await isExpanded(page, 'Sub Category')).toBe(true);

    await groupButton(page, 'Sub Category').click();
    await nav(page).getByRole('link', { name: 'Sub Category List', exact: true }).waitFor({ state: 'detached' });
    expect(await isExpanded(page, 'Sub Category')).toBe(false);

    // A link takes you there, and the group of the page you are on stays open.
    await groupButton(page, 'Products').click();
    await clickWhenShown(nav(page).getByRole('link', { name: 'Add Product SIZE' }));
    await waitForPath(page, '/productSIZE/add');
    expect(await isExpanded(page, 'Products')).toBe(true);
    await context.close();
  });

  it('collapses and expands the sidebar with the header toggle on a wide screen', async () => {
    const { page, context } = await signedInPage();
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await nav(page).waitFor();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await nav(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await nav(page).waitFor();
    await context.close();
  });

  it('opens the navigation as an overlay on an 800 px screen and closes it when a link is chosen', async () => {
    const { page, context } = await signedInPage({ width: 800, height: 900 });
    expect(await page.getByRole('button', { name: /sidebar$/ }).count()).toBe(0);
    expect(await nav(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav(page).waitFor();
    await groupButton(page, 'Category').click();
    await clickWhenShown(nav(page).getByRole('link', { name: 'Category List', exact: true }));
    await waitForPath(page, '/category');
    await nav(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the account button with initial, name and e-mail, and its menu', async () => {
    const { page, context } = await signedInPage();
    expect(await page.getByRole('link', { name: 'Shopdesk home' }).getAttribute('href')).toBe('/');
    const account = page.getByRole('button', { name: /^Account menu/ });
    for (const text of ['M', 'Maya Manager', 'maya@shop.test']) {
      expect(await account.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await account.click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items.map((item) => item.trim())).toEqual(['My Account', 'Reset Password', 'Logout']);
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await waitForPath(page, '/my-account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await context.close();
  });

  it('opens the notifications menu with its Orders title and View all notifications', async () => {
    const { page, context } = await signedInPage();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText(/^Orders \(/).waitFor();
    await page.getByRole('button', { name: 'View all notifications' }).waitFor();
    await context.close();
  });

  it('is accessible in light and dark', async () => {
    const { page, context } = await signedInPage();
    await expectAccessible(page, '/dashboard (light)');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.body.className)).toContain('dark');
    await expectAccessible(page, '/dashboard (dark)');
    await context.close();
  });
});
