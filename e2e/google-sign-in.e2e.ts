import { once } from 'node:events';
import net from 'node:net';
import { messages, oidcMessages } from '@shopdesk/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasChromium, launchBrowser, newPage } from './support/browser';
import { type RunningOidcProvider, startOidcProvider, testClient } from './support/oidc-provider';
import { api, type RunningServer, startServer } from './support/server';

/** The app's one alert shows exactly `text`, in the error (red) or success (green) fill. */
async function expectAlert(page: Page, text: string, kind: 'success' | 'error') {
  const alert = page.getByTestId('app-alert').filter({ hasText: text });
  await alert.waitFor({ state: 'visible', timeout: 15_000 });
  expect((await alert.textContent())?.trim()).toBe(text);
  const fill = await alert.evaluate((node) => getComputedStyle(node).backgroundColor);
  expect(fill).toBe(kind === 'error' ? 'rgb(183, 28, 28)' : 'rgb(27, 94, 32)');
}

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Clicks Sign In with Google on `path` and returns the popup it opens. */
async function openPopup(page: Page, path: '/login' | '/signUp') {
  await page.goto(path);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign In with Google' }).click(),
  ]);
  await popup.getByRole('heading', { name: 'Local identity provider' }).waitFor();
  return popup;
}

async function signInAtProvider(page: Page, path: '/login' | '/signUp', email: string) {
  const popup = await openPopup(page, path);
  const size = popup.viewportSize();
  await popup.getByLabel('E-mail address').fill(email);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Continue' }).click()]);
  return size;
}

describe.skipIf(!hasChromium)('Sign In with Google (against a local OpenID provider)', () => {
  let server: RunningServer;
  let idp: RunningOidcProvider;
  let browser: Browser;
  beforeAll(async () => {
    // The shop must know the provider's address and the provider the shop's: fix the port first.
    const idpPort = await freePort();
    server = await startServer({
      OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
      OIDC_CLIENT_ID: testClient.clientId,
      OIDC_CLIENT_SECRET: testClient.clientSecret,
      SIGNUP_ALLOW: '@shop.test',
    });
    idp = await startOidcProvider({ redirectUri: `${server.baseUrl}/api/auth/oidc/callback`, port: idpPort });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.stop();
  });

  it('signs a new administrator in through the popup, and the same person again later', async () => {
    const first = await newPage(browser, server);
    const size = await signInAtProvider(first.page, '/login', 'asha.rao@shop.test');
    expect(size).toEqual({ width: 500, height: 600 });
    await expectAlert(first.page, 'User Authenticated', 'success');
    await first.page.waitForURL('**/dashboard', { timeout: 10_000 });
    await first.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await first.context.close();

    // Another browser (no provider session): from the Sign up screen this time.
    const again = await newPage(browser, server);
    await signInAtProvider(again.page, '/signUp', 'asha.rao@shop.test');
    await expectAlert(again.page, 'User Authenticated', 'success');
    await again.page.waitForURL('**/dashboard', { timeout: 10_000 });
    await again.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await again.context.close();
  });

  it('asks an account with two-step sign-in on for its code: Google is the first factor only', async () => {
    const email = 'two.step@shop.test';
    const password = 'two-step-password-1';
    const body = { name: 'Two Step', email, phone: '5550100', password, confirmPassword: password, isAdmin: true };
    expect((await api(server, 'POST', '/api/user/signup', body)).status).toBe(201);
    const signin = await api<{ token: string }>(server, 'POST', '/api/user/signin', { email, password });
    const setup = await api<{ secret: string }>(server, 'POST', '/api/user/2fa/setup', { password }, signin.body.token);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret), digits: 6, period: 30 });
    const enable = await api<{ recoveryCodes: string[] }>(
      server,
      'POST',
      '/api/user/2fa/enable',
      { otp: totp.generate() },
      signin.body.token,
    );
    expect(enable.status).toBe(200);

    const { page, context } = await newPage(browser, server);
    await signInAtProvider(page, '/login', email);
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await dialog.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await expectAccessible(page, 'two-step code after Google');
    await dialog.getByLabel('Authentication code').fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectAlert(page, 'That code is not right. Please try again.', 'error');
    await dialog.getByLabel('Authentication code').fill(enable.body.recoveryCodes[0] ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectAlert(page, 'User Authenticated', 'success');
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await context.close();
  });

  it('says The sign-in window was closed when the popup is closed without an answer', async () => {
    const { page, context } = await newPage(browser, server);
    const popup = await openPopup(page, '/login');
    await popup.close();
    await expectAlert(page, oidcMessages.windowClosed, 'error');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('button', { name: 'Sign In with Google' }).isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it("shows the server's message in red for an address SIGNUP_ALLOW does not admit", async () => {
    const { page, context } = await newPage(browser, server);
    await signInAtProvider(page, '/signUp', 'outsider@elsewhere.test');
    await expectAlert(page, messages.signupNotAllowed, 'error');
    expect(new URL(page.url()).pathname).toBe('/signUp');
    await expectAccessible(page, 'sign-up with an error alert');
    await context.close();
  });

  it('refuses an address the provider has not verified, and passes on the provider’s own message', async () => {
    const { page, context } = await newPage(browser, server);
    await signInAtProvider(page, '/login', 'asha+unverified@shop.test');
    await expectAlert(page, oidcMessages.emailNotVerified, 'error');
    await context.close();

    // A fresh browser: the provider would otherwise remember the person who signed in above.
    const fresh = await newPage(browser, server);
    const popup = await openPopup(fresh.page, '/login');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Cancel' }).click()]);
    await expectAlert(fresh.page, 'The sign-in was cancelled at the identity provider', 'error');
    expect(new URL(fresh.page.url()).pathname).toBe('/login');
    await fresh.context.close();
  });
});

describe.skipIf(!hasChromium)('Sign In with Google without OpenID configuration', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says Google sign-in is not set up on this shop and opens no popup', async () => {
    const { page, context } = await newPage(browser, server);
    const popups: unknown[] = [];
    context.on('page', (opened) => popups.push(opened));
    for (const path of ['/login', '/signUp']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Sign In with Google' }).click();
      await expectAlert(page, 'Google sign-in is not set up on this shop', 'error');
    }
    expect(popups).toHaveLength(0);
    await context.close();
  });
});
