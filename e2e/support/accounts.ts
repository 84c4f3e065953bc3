import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, useSession } from './browser';
import { api, type RunningServer } from './server';

/** The app-wide snackbar alert's fill: dark green for success, dark red for errors. */
const alertColours = { success: 'rgb(27, 94, 32)', error: 'rgb(183, 28, 28)' } as const;

/** The app's one alert shows `text` (all of it, or a whole match of a pattern), in green (success) or red (error). */
export async function expectAlert(page: Page, text: string | RegExp, kind: 'success' | 'error'): Promise<void> {
  const alert = page.getByTestId('app-alert').filter({ hasText: text });
  try {
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const shown = await page.getByTestId('app-alert').allInnerTexts();
    throw new Error(`alert '${text}' never appeared; shown: ${JSON.stringify(shown)} at ${page.url()}`);
  }
  // The live region (role alert) holds the words only; a delete's UNDO button sits beside it.
  // Found by test id: while a dialog is open, MUI hides what is outside it from the role tree.
  const message = alert.getByTestId('app-alert-message');
  const words = (await message.textContent())?.trim();
  if (typeof text === 'string') expect(words).toBe(text);
  else expect(words).toMatch(text);
  expect(await message.getAttribute('role')).toBe('alert');
  expect(await alert.evaluate((node) => getComputedStyle(node).backgroundColor), `colour of '${text}'`).toBe(
    alertColours[kind],
  );
}

/**
 * The new-order alert once `name`'s order has come: "New order from <name>", or, when it came
 * while that alert was still open, "<n> new orders, the latest from <name>".
 */
export function newOrderAlert(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(New order from ${escaped}|\\d+ new orders, the latest from ${escaped})$`);
}

export type Account = { id: string; name: string; email: string; phone: string; password: string };

let counter = 0;

/** A new administrator made through the public sign-up call (what the dashboard sends). */
export async function createAdmin(server: RunningServer, overrides: Partial<Account> = {}): Promise<Account> {
  counter += 1;
  const account = {
    name: `Asha Admin ${counter}`,
    email: `admin${counter}-${Date.now()}@shop.test`,
    phone: '5550100',
    password: 'admin-password-1',
    ...overrides,
  };
  const res = await api<{ user?: { id: string } }>(server, 'POST', '/api/user/signup', {
    ...account,
    confirmPassword: account.password,
    isAdmin: true,
  });
  if (res.status !== 201 || !res.body.user)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, id: res.body.user.id };
}

/** Signs in over the API; returns the token and user the way the sign-in form stores them. */
export async function apiSignIn(server: RunningServer, email: string, password: string) {
  const res = await api<{ token?: string; user?: { id: string; name: string; email: string }; msg: string }>(
    server,
    'POST',
    '/api/user/signin',
    { email, password, isAdmin: true },
  );
  return { status: res.status, msg: res.body.msg, token: res.body.token, user: res.body.user };
}

/** Everything in the page's local storage, as strings. */
export function readStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

/** Waits for the address to end in `pathname` (no query) and returns how long that took. */
export async function waitForPath(page: Page, pathname: string, since = Date.now()): Promise<number> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  return Date.now() - since;
}

/** The spec's 2 s redirect: not before ~2 s, and not much later. */
export function expectAboutTwoSeconds(elapsedMs: number): void {
  expect(elapsedMs).toBeGreaterThanOrEqual(1900);
  expect(elapsedMs).toBeLessThan(6000);
}

/**
 * A new browser context signed in as `account` (a fresh session over the API), showing
 * `path` once its heading is there. Returns the token too, for API checks.
 */
export async function openSignedIn(
  browser: Browser,
  server: RunningServer,
  account: { email: string; password: string },
  path = '/dashboard',
  heading = 'Dashboard',
  viewport?: { width: number; height: number },
) {
  const session = await apiSignIn(server, account.email, account.password);
  if (!session.token || !session.user) throw new Error(`sign-in failed: ${session.msg}`);
  const opened = await newPage(browser, server, viewport);
  await useSession(opened.page, session.token, session.user);
  await opened.page.goto(path);
  await opened.page.getByRole('heading', { name: heading }).waitFor();
  return { ...opened, token: session.token };
}
