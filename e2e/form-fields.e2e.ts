import { productMessages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert } from './support/accounts';
import { bothThemes, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { ownerEmail, ownerPassword, type RunningServer, startServer } from './support/server';

/** The focused element: is it the input labelled `label`, marked invalid, described by `message`? */
async function expectFocusedFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const description = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  expect(description).toContain(message);
}

describe.skipIf(!hasChromium)('forms point at the field', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ page } = await newPage(browser, server));
    await signInThroughForm(page, ownerEmail, ownerPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Product Upload submitted empty: the spec alert, the field marked, described and focused; axe clean', async () => {
    await page.goto('/product/upload');
    await page.getByRole('heading', { name: 'Product Upload' }).waitFor();
    await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await expectAlert(page, productMessages.name, 'error');
    await expectFocusedFieldError(page, 'PRODUCT NAME', productMessages.name);
    // Typing on: the next rule in the spec's order points at its own field.
    await page.keyboard.type('Kite');
    await page.getByRole('button', { name: 'PUBLISH AND VIEW' }).click();
    await expectAlert(page, productMessages.description, 'error');
    await expectFocusedFieldError(page, 'DESCRIPTION', productMessages.description);
    expect(await page.getByLabel('PRODUCT NAME', { exact: true }).getAttribute('aria-invalid')).toBe('false');
    await bothThemes(page, 'Product Upload with a field in error');
  });
});
