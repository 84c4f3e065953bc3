import { securityMessages } from '@shopdesk/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, launchBrowser, newPage, signInThroughForm } from './support/browser';
import { type Mailbox, startMailbox } from './support/mailbox';
import { api, type RunningServer, startServer } from './support/server';

const alertColours = { success: 'rgb(27, 94, 32)', error: 'rgb(183, 28, 28)' } as const;

/** The app's one alert shows exactly `text`, green for success, red for errors. */
async function expectAlert(page: Page, text: string, kind: 'success' | 'error') {
  const alert = page.getByTestId('app-alert').filter({ hasText: text });
  await alert.waitFor({ state: 'visible', timeout: 10_000 });
  expect((await alert.textContent())?.trim()).toBe(text);
  expect(await alert.evaluate((node) => getComputedStyle(node).backgroundColor), text).toBe(alertColours[kind]);
  // Closed, so the same words shown again count as a new alert.
  await alert.getByRole('button', { name: 'Close' }).click();
  await alert.waitFor({ state: 'hidden' });
}

let counter = 0;
async function createAdmin(server: RunningServer) {
  counter += 1;
  const account = { name: `Sec Admin ${counter}`, email: `sec${counter}-${Date.now()}@shop.test` };
  const password = 'admin-password-1';
  const res = await api(server, 'POST', '/api/user/signup', {
    ...account,
    phone: '5550100',
    password,
    confirmPassword: password,
    isAdmin: true,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
  return { ...account, password };
}

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second windows from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openTab(page: Page, name: 'Two-step sign-in' | 'Sessions') {
  await page.goto('/my-account');
  await page.getByRole('tab', { name }).click();
  // The open tab lives in the address (?tab=): the selection follows the navigation a tick later.
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

describe.skipIf(!hasChromium)('account security', () => {
  let server: RunningServer;
  let mailbox: Mailbox;
  let browser: Browser;
  beforeAll(async () => {
    mailbox = await startMailbox();
    // No PUBLIC_URL: reset links then point at the address the server listens on, the test's base URL.
    server = await startServer({ SMTP_URL: mailbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('mails a reset link, opens it in the browser, sets a new password and signs in with it', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');

    await button(page, 'Send reset link').click();
    await expectAlert(page, 'email can not be blank!', 'error');
    // The same answer for an address without an account: nobody learns who has one.
    await field(page, 'Email').fill('nobody-here@shop.test');
    await button(page, 'Send reset link').click();
    await expectAlert(page, securityMessages.resetSent, 'success');
    await field(page, 'Email').fill(admin.email);
    await button(page, 'Send reset link').click();
    await expectAlert(page, securityMessages.resetSent, 'success');

    const mail = await mailbox.next(admin.email);
    const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toMatch(new RegExp(`^${server.baseUrl}/reset-password/`));
    await page.goto(link!);

    await button(page, 'Set new password').click();
    await expectAlert(page, 'password can not be blank!', 'error');
    await field(page, 'New password').fill('new-secret-Pw-7');
    await button(page, 'Set new password').click();
    await expectAlert(page, 'confirm password can not be blank!', 'error');
    await field(page, 'Confirm password').fill('new-secret-Pw-8');
    await button(page, 'Set new password').click();
    await expectAlert(page, 'password not match', 'error');
    await field(page, 'New password').fill('short1');
    await field(page, 'Confirm password').fill('short1');
    await button(page, 'Set new password').click();
    await expectAlert(page, securityMessages.passwordTooShort, 'error');
    await field(page, 'New password').fill('password123');
    await field(page, 'Confirm password').fill('password123');
    await button(page, 'Set new password').click();
    await expectAlert(page, securityMessages.passwordTooCommon, 'error');

    await field(page, 'New password').fill('new-secret-Pw-7');
    await page.getByRole('button', { name: 'Show characters' }).first().click();
    expect(await field(page, 'New password').getAttribute('type')).toBe('text');
    await field(page, 'Confirm password').fill('new-secret-Pw-7');
    const started = Date.now();
    await button(page, 'Set new password').click();
    await expectAlert(page, 'Password changed', 'success');
    await page.waitForURL('**/login');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(6000);

    // The link works once.
    await page.goto(link!);
    await field(page, 'New password').fill('another-secret-Pw-9');
    await field(page, 'Confirm password').fill('another-secret-Pw-9');
    await button(page, 'Set new password').click();
    await expectAlert(page, securityMessages.resetInvalid, 'error');

    await signInThroughForm(page, admin.email, 'new-secret-Pw-7');
    await context.close();
  });

  it('Reset Password in the account menu mails the signed-in user a link', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    await expectAlert(page, securityMessages.resetSent, 'success');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const mail = await mailbox.next(admin.email);
    expect(mail.text).toContain(`${server.baseUrl}/reset-password/`);
    await context.close();
  });

  it('turns on two-step sign-in, then asks for a code (or a recovery code) at sign-in, and turns it off', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughForm(page, admin.email, admin.password);
    await openTab(page, 'Two-step sign-in');
    await page.getByRole('heading', { name: 'Two-step sign-in is off' }).waitFor();
    // The signed-in browser alone is not enough (issue 18): the current password first.
    await button(page, 'Turn on').click();
    await expectAlert(page, securityMessages.currentPasswordNeeded, 'error');
    await field(page, 'Current password').fill('not-my-password');
    await button(page, 'Turn on').click();
    await expectAlert(page, 'current password wrong', 'error');
    expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(0);
    await field(page, 'Current password').fill(admin.password);
    await button(page, 'Turn on').click();

    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
    const valid = [-1, 0, 1].map((step) => totpCode(secret, step));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
    await field(page, 'Code from the app').fill(wrong);
    await button(page, 'Confirm').click();
    await expectAlert(page, securityMessages.otpWrong, 'error');
    await field(page, 'Code from the app').fill(totpCode(secret));
    await button(page, 'Confirm').click();
    await expectAlert(page, securityMessages.twoFactorEnabled, 'success');

    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await page.getByText('they will not be shown again').waitFor();
    await button(page, 'Copy codes').click();
    await expectAlert(page, 'Recovery codes copied', 'success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await button(page, 'Done').click();
    await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);

    // Sign in again: the password alone opens the code step.
    await signOut(page);
    await field(page, 'Email').fill(admin.email);
    await field(page, 'Password').fill(admin.password);
    await button(page, 'Sign In').click();
    await page.getByText(securityMessages.otpRequired).waitFor();
    const code = field(page, 'Authentication code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(new URL(page.url()).pathname).toBe('/login');
    await code.fill(wrong);
    await button(page, 'Verify').click();
    await expectAlert(page, securityMessages.otpWrong, 'error');
    // The enabling code's window is used up (replays are refused): the app's next code is fresh.
    await code.fill(totpCode(secret, 1));
    await button(page, 'Verify').click();
    await expectAlert(page, 'User Authenticated', 'success');
    await page.waitForURL('**/dashboard');

    // A recovery code works instead of the app's code.
    await signOut(page);
    await field(page, 'Email').fill(admin.email);
    await field(page, 'Password').fill(admin.password);
    await button(page, 'Sign In').click();
    await field(page, 'Authentication code').fill(codes[0]!);
    await button(page, 'Verify').click();
    await page.waitForURL('**/dashboard');

    // Turning it off needs the password and a code.
    await openTab(page, 'Two-step sign-in');
    await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    await field(page, 'Password').fill('not-my-password');
    await field(page, 'Authentication code').fill(codes[1]!);
    await button(page, 'Turn off').click();
    await expectAlert(page, 'current password wrong', 'error');
    await field(page, 'Password').fill(admin.password);
    await button(page, 'Turn off').click();
    await expectAlert(page, securityMessages.twoFactorDisabled, 'success');
    await page.getByRole('heading', { name: 'Two-step sign-in is off' }).waitFor();
    await button(page, 'Turn on').waitFor();
    await signOut(page);
    await signInThroughForm(page, admin.email, admin.password);
    await context.close();
  });

  it('lists sessions and ends another one, which sends that browser to /login', async () => {
    const admin = await createAdmin(server);
    const first = await newPage(browser, server);
    const second = await newPage(browser, server);
    const third = await newPage(browser, server);
    await signInThroughForm(first.page, admin.email, admin.password);
    await signInThroughForm(second.page, admin.email, admin.password);

    await openTab(first.page, 'Sessions');
    const rows = first.page.getByRole('table', { name: 'Sessions' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3); // header + two sessions
    const current = rows.filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    expect(await current.getByRole('button', { name: 'End' }).count()).toBe(0);
    expect(await current.textContent()).toContain('127.0.0.1');
    expect(await current.textContent()).toContain('just now');
    const other = rows.filter({ hasNotText: 'This device' }).filter({ has: first.page.getByRole('cell') });
    await other.getByRole('button', { name: 'End' }).click();
    await expectAlert(first.page, securityMessages.sessionEnded, 'success');
    await expect.poll(() => rows.count()).toBe(2);

    // The ended browser is sent to /login without doing anything: its live events stream checks
    // its session every 5 s. (Once, under a full run's load, it got there before this test
    // could open its account menu as a "next action"; the third browser below tests that path.)
    await second.page.waitForURL('**/login', { timeout: 20_000 });

    await signInThroughForm(third.page, admin.email, admin.password);
    await first.page.reload();
    await expect.poll(() => rows.count()).toBe(3);
    await button(first.page, 'End all other sessions').click();
    await expectAlert(first.page, securityMessages.otherSessionsEnded, 'success');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await button(first.page, 'End all other sessions').isDisabled()).toBe(true);
    await third.page.reload();
    await third.page.waitForURL('**/login');
    await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
  });

  it('is accessible: forgot and reset screens, the two-step and sessions tabs, light and dark', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/login');
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      await page.goto('/forgot-password');
      await button(page, 'Send reset link').waitFor();
      expect(await page.evaluate(() => document.body.className)).toContain(theme);
      await expectAccessible(page, `/forgot-password (${theme})`);
      await page.goto('/reset-password/x');
      await button(page, 'Set new password').waitFor();
      await expectAccessible(page, `/reset-password/x (${theme})`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await signInThroughForm(page, admin.email, admin.password);
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await openTab(page, 'Two-step sign-in');
      expect(await page.evaluate(() => document.body.className)).toContain(theme);
      await field(page, 'Current password').fill(admin.password);
      await expectAccessible(page, `/my-account Two-step sign-in, off (${theme})`);
      await button(page, 'Turn on').click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await expectAccessible(page, `/my-account Two-step sign-in (${theme})`);
      await openTab(page, 'Sessions');
      await page.getByRole('table', { name: 'Sessions' }).waitFor();
      await expectAccessible(page, `/my-account Sessions (${theme})`);
    }
    await context.close();
  });
});

describe.skipIf(!hasChromium)('two-step sign-in required (ADMIN_REQUIRE_2FA)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ ADMIN_REQUIRE_2FA: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends an administrator without it to the two-step tab, with a notice, and lets them turn it on', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    await page.goto('/login');
    await field(page, 'Email').fill(admin.email);
    await field(page, 'Password').fill(admin.password);
    await button(page, 'Sign In').click();
    await expectAlert(page, 'User Authenticated', 'success');
    await page.waitForURL('**/my-account?**');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Two-step sign-in' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByText(securityMessages.twoFactorRequired).waitFor();
    await field(page, 'Current password').fill(admin.password);
    await button(page, 'Turn on').click();
    const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
    await field(page, 'Code from the app').fill(totpCode(secret));
    await button(page, 'Confirm').click();
    await expectAlert(page, securityMessages.twoFactorEnabled, 'success');
    await button(page, 'Done').click();
    await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    expect(await page.getByText(securityMessages.twoFactorRequired).count()).toBe(0);
    await context.close();
  });
});
