import { catalogueMessages, type OptionFamily, optionFamilies, optionFamilyNames } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlert, switchToDark, switchToLight } from './fixtures/catalogue';
import { expectAccessible, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { ownerEmail, ownerPassword, type RunningServer, startServer } from './support/server';

/** Three values per family: two to add, one to rename the first into. */
const samples: Record<OptionFamily, [string, string, string]> = {
  ram: ['8GB', '16GB', '12GB'],
  weight: ['1KG', '2KG', '500G'],
  size: ['M', 'L', 'XL'],
};

/** Text of each value cell, top to bottom. */
async function listedValues(page: Page, label: string): Promise<string[]> {
  return page
    .getByRole('table', { name: `${label} values` })
    .locator('tbody tr td:first-child')
    .allInnerTexts();
}

describe.skipIf(!hasChromium)('Add Product RAMS / WEIGHT / SIZE', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(optionFamilyNames)(
    '%s: create, edit in place, update, empty and duplicate refused, delete',
    async (family) => {
      const { screenPath, title, label, emptyMessage } = optionFamilies[family];
      const [first, second, renamed] = samples[family];
      // A short window, so the list scrolls and "edit scrolls to the top" can be seen.
      const { page, context } = await newPage(browser, server, { width: 1000, height: 420 });
      await signInThroughForm(page, ownerEmail, ownerPassword);
      await page.goto(screenPath);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
        new RegExp(`Dashboard\\s*/\\s*Products\\s*/\\s*${title}`),
      );
      await page.getByText('No values yet').waitFor();
      const field = page.getByLabel(label, { exact: true });
      const submit = page.getByRole('button', { name: 'Submit', exact: true });

      await submit.click();
      await expectAlert(page, emptyMessage, 'error');
      await field.fill('   ');
      await submit.click();
      await expectAlert(page, emptyMessage, 'error');

      for (const value of [first, second]) {
        await field.fill(value);
        await submit.click();
        await expectAlert(page, 'Value added', 'success');
        await page.getByRole('cell', { name: value, exact: true }).waitFor();
        expect(await field.inputValue()).toBe('');
      }
      expect(await listedValues(page, label)).toEqual([first, second]);

      await field.fill(first);
      await submit.click();
      await expectAlert(page, catalogueMessages.optionExists(first), 'error');
      await field.fill('');

      await expectAccessible(page, `${title} (light)`);
      await switchToDark(page);
      await expectAccessible(page, `${title} (dark)`);
      await switchToLight(page);

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByRole('button', { name: `Edit ${first}` }).click();
      const update = page.getByRole('button', { name: 'Update', exact: true });
      await update.waitFor();
      expect(await submit.count()).toBe(0);
      expect(await field.inputValue()).toBe(first);
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });

      await field.fill(renamed);
      await update.click();
      await expectAlert(page, 'Value updated', 'success');
      await submit.waitFor();
      expect(await field.inputValue()).toBe('');
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
      expect(await listedValues(page, label)).toEqual([renamed, second]);

      await page.getByRole('button', { name: `Delete ${second}` }).click();
      await expectAlert(page, 'Item Deleted!', 'success');
      await page.getByRole('cell', { name: second, exact: true }).waitFor({ state: 'detached' });
      expect(await listedValues(page, label)).toEqual([renamed]);

      // The values are saved: they are still there after a reload.
      await page.reload();
      await page.getByRole('cell', { name: renamed, exact: true }).waitFor();
      expect(await listedValues(page, label)).toEqual([renamed]);
      await context.close();
    },
  );
});
