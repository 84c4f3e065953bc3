import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.E2E_REQUIRED === '1';

/** True when browser tests can run; without Chromium they are skipped loudly (or fail in CI). */
export const hasChromium = (() => {
  if (fs.existsSync(chromiumPath)) return true;
  if (required) throw new Error(`E2E_REQUIRED=1 but Chromium is missing at ${chromiumPath}`);
  process.stderr.write(
    `\n!!! Browser tests SKIPPED: no Chromium at ${chromiumPath} (apt-get install chromium). Set E2E_REQUIRED=1 to fail instead.\n\n`,
  );
  return false;
})();

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(browser: Browser, server: RunningServer, viewport = { width: 1366, height: 900 }) {
  const context: BrowserContext = await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, page, dialogs };
}

/** Signs in through the real form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/**
 * Clicks once the element is entirely shown: a sidebar group still sliding open clips its links
 * and moves what is below it, so a click in mid-animation can land between down and up (the
 * address then never changes).
 */
export async function clickWhenShown(locator: Locator): Promise<void> {
  await locator.waitFor();
  await expect
    .poll(() =>
      locator.evaluate(
        (node) =>
          new Promise<number>((resolve) => {
            // Where a user would scroll to see it (a long sidebar scrolls).
            node.scrollIntoView({ block: 'nearest' });
            const observer = new IntersectionObserver(([entry]) => {
              observer.disconnect();
              resolve(entry?.intersectionRatio ?? 0);
            });
            observer.observe(node);
          }),
      ),
    )
    .toBe(1);
  await locator.click();
}

/**
 * Follows a link of a sidebar group as a user does: opens the group, clicks the link once it is
 * shown, and waits for its address (a miss names the address the page is at).
 */
export async function followSidebarLink(page: Page, group: string, link: string, pathname: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: group, exact: true }).click();
  await clickWhenShown(nav.getByRole('link', { name: link, exact: true }));
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(pathname);
}

/** Puts a session straight into local storage (for tests about other screens). */
export async function useSession(page: Page, token: string, user: { id: string; name: string; email: string }) {
  await page.goto('/login');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify({ name: user.name, email: user.email, userId: user.id, isAdmin: true })] as const,
  );
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours are only meaningful once fades and slides are over (menus, popovers, alerts):
  // wait for every finite animation or transition to finish (spinners run forever: ignored).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 400)}`)
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(bad, `${label}: accessibility violations`).toEqual([]);
}

/** Colour transitions must end before axe measures contrast. */
const settle = (page: Page) =>
  page.evaluate(() =>
    // Transitions only: a spinner's endless animation never finishes.
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** A snackbar fading in or out mid-scan reads as low contrast: close it first. */
async function dismissAlert(page: Page) {
  const alert = page.getByTestId('app-alert');
  if (await alert.isVisible()) {
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'hidden' });
  }
}

/** axe in light and then dark, returning to light whatever happens. */
export async function bothThemes(page: Page, label: string) {
  await dismissAlert(page);
  await settle(page);
  await expectAccessible(page, `${label} (light)`);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
  try {
    await settle(page);
    await expectAccessible(page, `${label} (dark)`);
  } finally {
    // Back to light even on failure, so the next check starts from the default theme.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await settle(page);
  }
}
