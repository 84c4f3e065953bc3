import { messages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectAlert, openSignedIn } from './support/accounts';
import { bothThemes, hasChromium, launchBrowser } from './support/browser';
import { createCategory, createProduct } from './support/bulk-data';
import { api, ownerEmail, ownerPassword, ownerToken, type RunningServer, startServer } from './support/server';

const price = (page: Page) => page.getByLabel('PRICE', { exact: true });
/** The warning above the form (the snackbar may say the same words: it has no "Reload"). */
const warning = (page: Page) =>
  page
    .getByRole('alert')
    .filter({ hasText: messages.recordChanged })
    .filter({ has: page.getByRole('button', { name: 'Reload' }) });

/**
 * Edits that cross (api.md §14), in two browser contexts: A has a product's edit form open while
 * B saves a new price. A is warned at once; A's save over the newer version is refused (409)
 * and changes nothing; "Reload" puts B's price in A's form.
 */
describe.skipIf(!hasChromium)('an edit form warns when its record was changed meanwhile', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let productId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    const category = await createCategory(server, owner, 'Kitchen');
    productId = (await createProduct(server, owner, category, 'Steel Pan', 900)).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("A sees B's save, A's own save is refused, Reload shows B's price; axe clean", async () => {
    const path = `/product/edit/${productId}`;
    const colleague = await createAdmin(server, { name: 'Ravi Kumar' });
    const [a, b] = await Promise.all([
      openSignedIn(browser, server, { email: ownerEmail, password: ownerPassword }, path, 'Product Edit'),
      openSignedIn(browser, server, colleague, path, 'Product Edit'),
    ]);
    await expect.poll(() => price(a.page).inputValue()).toBe('900');
    await expect.poll(() => price(b.page).inputValue()).toBe('900');

    await price(b.page).fill('1250');
    await b.page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await b.page.waitForURL('**/products');
    await warning(a.page).waitFor({ timeout: 10_000 });
    // B's own save never warned B.
    expect(await warning(b.page).count()).toBe(0);
    await bothThemes(a.page, 'Product Edit, changed meanwhile');

    await a.page.getByLabel('PRODUCT NAME', { exact: true }).fill('Steel Pan, renamed by A');
    await a.page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await expectAlert(a.page, messages.recordChanged, 'error');
    expect(new URL(a.page.url()).pathname).toBe(path);
    await warning(a.page).waitFor();
    const kept = await api<{ name: string; price: number }>(
      server,
      'GET',
      `/api/products/${productId}`,
      undefined,
      owner,
    );
    expect(kept.body).toMatchObject({ name: 'Steel Pan', price: 1250 });

    await warning(a.page).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => price(a.page).inputValue()).toBe('1250');
    expect(await a.page.getByLabel('PRODUCT NAME', { exact: true }).inputValue()).toBe('Steel Pan');
    await warning(a.page).waitFor({ state: 'detached' });
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
