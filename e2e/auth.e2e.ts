import { messages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  createAdmin,
  expectAboutTwoSeconds,
  expectAlert,
  readStorage,
  waitForPath,
} from './support/accounts';
import { expectAccessible, hasChromium, launchBrowser, newPage, useSession } from './support/browser';
import { api, ownerEmail, ownerPassword, type RunningServer, startServer } from './support/server';

/** Calls to `path` the page sends from now on. */
function watchRequests(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

type SignUpFields = { name: string; email: string; phone: string; password: string; confirm: string };

async function fillSignUp(page: Page, fields: Partial<SignUpFields>) {
  const labels: [keyof SignUpFields, string][] = [
    ['name', 'Name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['password', 'Password'],
    ['confirm', 'Confirm Password'],
  ];
  for (const [key, label] of labels) await page.getByLabel(label, { exact: true }).fill(fields[key] ?? '');
}

describe.skipIf(!hasChromium)('sign in (/login)', () => {
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

  it('signs an administrator in: User Authenticated, /dashboard ~2 s later, token and user stored', async () => {
    const { page, context } = await newPage(browser, server);
    const owner = await apiSignIn(server, ownerEmail, ownerPassword);
    await fillSignIn(page, ownerEmail, ownerPassword);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'User Authenticated', 'success');
    expect(new URL(page.url()).pathname).toBe('/login');
    expectAboutTwoSeconds(await waitForPath(page, '/dashboard', started));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const stored = await readStorage(page);
    expect(JSON.parse(stored.user ?? 'null')).toEqual({
      name: owner.user?.name,
      email: ownerEmail,
      userId: owner.user?.id,
      isAdmin: true,
    });
    expect(stored.token).toBeTruthy();
    const count = await api(server, 'GET', '/api/user/get/count', undefined, stored.token);
    expect(count.status).toBe(200);
    await context.close();
  });

  it('says Invalid email or password in red and stays on /login for a wrong password', async () => {
    const { page, context } = await newPage(browser, server);
    await fillSignIn(page, ownerEmail, 'not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'Invalid email or password', 'error');
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await readStorage(page)).not.toHaveProperty('token');
    await context.close();
  });

  it('refuses a shop customer: you are not a admin, no token stored', async () => {
    const customer = { name: 'Cara Customer', email: 'cara@shop.test', phone: '5550199', password: 'customer-pw-1' };
    const made = await api(server, 'POST', '/api/user/signup', {
      ...customer,
      confirmPassword: customer.password,
      isAdmin: false,
    });
    expect(made.status).toBe(201);
    const { page, context } = await newPage(browser, server);
    await fillSignIn(page, customer.email, customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'you are not a admin', 'error');
    const stored = await readStorage(page);
    expect(stored).not.toHaveProperty('token');
    expect(stored).not.toHaveProperty('user');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('checks blank fields without calling the server', async () => {
    const { page, context } = await newPage(browser, server);
    const calls = watchRequests(page, '/api/user/signin');
    await fillSignIn(page, '', 'something');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'email can not be blank!', 'error');
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'password can not be blank!', 'error');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    await context.close();
  });

  it('shows and hides the password with its toggle', async () => {
    const { page, context } = await newPage(browser, server);
    await fillSignIn(page, ownerEmail, 'secret-word');
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show characters' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('secret-word');
    await page.getByRole('button', { name: 'Hide characters' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('links to Forgot Password and Sign Up', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/login');
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signUp');
    await page.getByRole('button', { name: 'Sign In with Google' }).waitFor();
    await context.close();
  });

  it('sends a visitor with a stored token from /login to /', async () => {
    const { page, context } = await newPage(browser, server);
    const owner = await apiSignIn(server, ownerEmail, ownerPassword);
    if (!owner.token || !owner.user) throw new Error('owner sign-in failed');
    await useSession(page, owner.token, owner.user);
    await page.goto('/login');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('leads /signIn and signed-out shell routes to /login', async () => {
    const { page, context } = await newPage(browser, server);
    for (const path of ['/signIn', '/', '/dashboard', '/my-account', '/products']) {
      await page.goto(path);
      await waitForPath(page, '/login');
      await page.getByRole('heading', { name: 'Login to Shopdesk' }).waitFor();
    }
    await context.close();
  });

  it('is accessible in light and dark', async () => {
    const { page, context } = await newPage(browser, server);
    for (const theme of ['light', 'dark']) {
      await page.goto('/login');
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      const screens: [string, string][] = [
        ['/login', 'Login to Shopdesk'],
        ['/signUp', 'Register a new account'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await page.evaluate(() => document.body.className)).toContain(theme);
        await expectAccessible(page, `${path} (${theme})`);
      }
    }
    await context.close();
  });
});

describe.skipIf(!hasChromium)('sign up (/signUp)', () => {
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

  it('names the first blank field, in the spec order, then a password mismatch, without calling the server', async () => {
    const { page, context } = await newPage(browser, server);
    const calls = watchRequests(page, '/api/user/signup');
    await page.goto('/signUp');
    const filled: Partial<SignUpFields> = {};
    const steps: [keyof SignUpFields, string, string][] = [
      ['name', 'Nina New', 'name can not be blank!'],
      ['email', 'nina@shop.test', 'email can not be blank!'],
      ['phone', '5550123', 'phone can not be blank!'],
      ['password', 'nina-pw-1', 'password can not be blank!'],
      ['confirm', 'nina-pw-2', 'confirm password can not be blank!'],
    ];
    for (const [key, value, message] of steps) {
      await fillSignUp(page, filled);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectAlert(page, message, 'error');
      filled[key] = value;
    }
    await fillSignUp(page, filled);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectAlert(page, 'password not match', 'error');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    await context.close();
  });

  it('creates an administrator, goes to /login ~2 s later, and the new account signs in', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/signUp');
    const fields = { name: 'Nina New', email: 'nina@shop.test', phone: '5550123', password: 'nina-pw-1' };
    await fillSignUp(page, { ...fields, confirm: fields.password });
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectAlert(page, messages.signupSuccess, 'success');
    expectAboutTwoSeconds(await waitForPath(page, '/login', started));
    await page.getByRole('heading', { name: 'Login to Shopdesk' }).waitFor();

    await page.getByLabel('Email').fill(fields.email);
    await page.getByLabel('Password', { exact: true }).fill(fields.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectAlert(page, 'User Authenticated', 'success');
    await waitForPath(page, '/dashboard');
    expect(JSON.parse((await readStorage(page)).user ?? 'null')).toMatchObject({
      name: fields.name,
      email: fields.email,
      isAdmin: true,
    });
    await context.close();
  });

  it("shows the server's message in red for an e-mail already used", async () => {
    const taken = await createAdmin(server);
    const { page, context } = await newPage(browser, server);
    await page.goto('/signUp');
    await fillSignUp(page, {
      name: 'Twin',
      email: taken.email,
      phone: '5550124',
      password: 'twin-password-7',
      confirm: 'twin-password-7',
    });
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectAlert(page, messages.emailTaken, 'error');
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/signUp');
    await context.close();
  });

  it('links to home, Forgot Password and Sign In', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/signUp');
    expect(await page.getByRole('link', { name: 'Go To Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/login');
    // Digits without the browser's number spinner (issue 20): a tel input with the numeric keypad.
    expect(await page.getByLabel('Phone').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Phone').getAttribute('inputmode')).toBe('numeric');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('sign up limited by SIGNUP_ALLOW', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ SIGNUP_ALLOW: '@allowed.test' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the server's refusal in red for an address it does not admit, and admits one it does", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/signUp');
    const fields = { name: 'Olga Outsider', phone: '5550125', password: 'olga-password-7', confirm: 'olga-password-7' };
    await fillSignUp(page, { ...fields, email: 'olga@elsewhere.test' });
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectAlert(page, messages.signupNotAllowed, 'error');
    expect((await apiSignIn(server, 'olga@elsewhere.test', 'olga-password-7')).status).toBe(401);

    await page.getByLabel('Email', { exact: true }).fill('olga@allowed.test');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectAlert(page, messages.signupSuccess, 'success');
    await waitForPath(page, '/login');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('sign up closed without SIGNUP_ALLOW (issue 18)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // Empty counts as unset: the shop's default.
    server = await startServer({ SIGNUP_ALLOW: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says sign-up is closed instead of offering the form, and still leads to Sign In', async () => {
    const { page, context } = await newPage(browser, server);
    const calls = watchRequests(page, '/api/user/signup');
    await page.goto('/signUp');
    await page.getByText(messages.signupClosed).waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Confirm Password').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/login');
    await expectAccessible(page, '/signUp, closed');
    expect(calls).toEqual([]);
    // The server says the same to a client that posts anyway.
    const res = await api<{ msg: string }>(server, 'POST', '/api/user/signup', {
      name: 'Mallory',
      email: 'mallory@shop.test',
      phone: '5550100',
      password: 'mallory-pw-1',
      confirmPassword: 'mallory-pw-1',
      isAdmin: true,
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(messages.signupClosed);
    await context.close();
  });
});
