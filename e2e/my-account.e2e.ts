import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, apiSignIn, createAdmin, expectAlert, openSignedIn } from './support/accounts';
import { expectAccessible, hasChromium, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

/** Picks files the way a person does: hover the round picture, click it, choose in the dialog. */
async function pickThroughOverlay(page: Page, file: string) {
  const overlay = page.locator('label', { hasText: 'Choose profile pictures' });
  await overlay.hover();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), overlay.click()]);
  await chooser.setFiles(file);
}

describe.skipIf(!hasChromium)('My Account (/my-account)', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  let png: string;
  let gif: string;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-my-account-'));
    png = path.join(dir, 'portrait.png');
    gif = path.join(dir, 'animation.gif');
    const picture = sharp({ create: { width: 320, height: 320, channels: 3, background: '#2e7d32' } });
    await picture.clone().png().toFile(png);
    await picture.clone().gif().toFile(gif);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const openAccount = (account: Account) => openSignedIn(browser, server, account, '/my-account', 'My Account');

  it('loads the profile and asks for every detail before saving', async () => {
    const admin = await createAdmin(server, { name: 'Ravi Rao', phone: '5550177' });
    const { page, context } = await openAccount(admin);
    await textbox(page, 'Name').waitFor();
    expect(await textbox(page, 'Name').inputValue()).toBe('Ravi Rao');
    expect(await textbox(page, 'Email').inputValue()).toBe(admin.email);
    expect(await textbox(page, 'Phone').inputValue()).toBe('5550177');
    await expect.poll(() => page.getByRole('tab', { name: 'Edit Profile' }).getAttribute('aria-selected')).toBe('true');

    await textbox(page, 'Name').fill('');
    await save(page).click();
    await expectAlert(page, 'Please fill all the details', 'error');
    // A full form without a picture is still incomplete (spec §5: at least one image).
    await textbox(page, 'Name').fill('Ravi Rao');
    await save(page).click();
    await expectAlert(page, 'Please fill all the details', 'error');
    await context.close();
  });

  it('refuses a GIF with the spec message and sends nothing', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await openAccount(admin);
    await textbox(page, 'Name').waitFor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/upload')) uploads.push(request.url());
    });
    await pickThroughOverlay(page, gif);
    await expectAlert(page, 'Please select a valid JPG or PNG image file.', 'error');
    expect(uploads).toEqual([]);
    expect(await page.getByRole('img', { name: 'Image 1' }).count()).toBe(0);
    await context.close();
  });

  it('uploads a picture, saves the profile and shows the new name in the header', async () => {
    const admin = await createAdmin(server, { name: 'Lena Lal' });
    const { page, context } = await openAccount(admin);
    await textbox(page, 'Name').waitFor();
    // A slower network, so the in-progress state is there long enough to be seen.
    await page.route('**/api/user/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await pickThroughOverlay(page, png);
    await page.getByText('Uploading...').waitFor();
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    expect(await save(page).isDisabled()).toBe(true);
    await expectAlert(page, 'Images Uploaded!', 'success');
    await page.getByText('Uploading...').waitFor({ state: 'hidden' });

    const picture = page.getByRole('img', { name: "Lena Lal's profile picture" });
    await picture.waitFor();
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await picture.elementHandle(),
    );
    await page.getByRole('img', { name: 'Image 1' }).waitFor();

    await textbox(page, 'Name').fill('Lena Lal-Rao');
    await textbox(page, 'Phone').fill('5550188');
    await save(page).click();
    await expectAlert(page, 'user updated', 'success');
    const account = page.getByRole('button', { name: /^Account menu/ });
    await account.getByText('Lena Lal-Rao', { exact: true }).waitFor();

    await page.reload();
    await textbox(page, 'Name').waitFor();
    expect(await textbox(page, 'Name').inputValue()).toBe('Lena Lal-Rao');
    expect(await textbox(page, 'Phone').inputValue()).toBe('5550188');
    await page.getByRole('img', { name: "Lena Lal-Rao's profile picture" }).waitFor();
    await context.close();
  });

  it('asks for the current password to change the e-mail address, and only then (issue 18)', async () => {
    const admin = await createAdmin(server, { name: 'Omar Oak' });
    const { page, context } = await openAccount(admin);
    await textbox(page, 'Name').waitFor();
    await pickThroughOverlay(page, png);
    await expectAlert(page, 'Images Uploaded!', 'success');
    await page.getByRole('img', { name: 'Image 1' }).waitFor();
    const currentPassword = page.getByLabel('Current password', { exact: true });
    // The same address in another form is no change: no password asked.
    await textbox(page, 'Email').fill(` ${admin.email.toUpperCase()} `);
    expect(await currentPassword.count()).toBe(0);
    await save(page).click();
    await expectAlert(page, 'user updated', 'success');

    const newEmail = `omar-${Date.now()}@shop.test`;
    await textbox(page, 'Email').fill(newEmail);
    await currentPassword.waitFor();
    await page.getByText('Changing your e-mail address needs your current password.').waitFor();
    await expectAccessible(page, '/my-account, e-mail change');
    await save(page).click();
    await expectAlert(page, 'Please enter your current password', 'error');
    await currentPassword.fill('not-my-password');
    await save(page).click();
    await expectAlert(page, 'current password wrong', 'error');
    expect((await apiSignIn(server, newEmail, admin.password)).status).toBe(401);

    await currentPassword.fill(admin.password);
    await save(page).click();
    await expectAlert(page, 'user updated', 'success');
    await currentPassword.waitFor({ state: 'hidden' });
    expect((await apiSignIn(server, newEmail, admin.password)).status).toBe(200);
    expect((await apiSignIn(server, admin.email, admin.password)).status).toBe(401);
    await context.close();
  });

  it('changes the password: blank, mismatch and wrong old password refused, then the new one signs in', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await openAccount(admin);
    await page.getByRole('tab', { name: 'Change Password' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Old Password').waitFor();

    await save(page).click();
    await expectAlert(page, 'Please fill all the details', 'error');

    await field('Old Password').fill(admin.password);
    await field('New password').fill('brand-new-pw-1');
    await field('Confirm Password').fill('brand-new-pw-2');
    await save(page).click();
    await expectAlert(page, 'Password and confirm password not match', 'error');

    await field('Old Password').fill('not-my-password');
    await field('Confirm Password').fill('brand-new-pw-1');
    await save(page).click();
    await expectAlert(page, 'current password wrong', 'error');
    expect((await apiSignIn(server, admin.email, 'brand-new-pw-1')).status).toBe(401);

    await field('Old Password').fill(admin.password);
    await save(page).click();
    await expectAlert(page, 'Password changed', 'success');
    expect(await field('Old Password').inputValue()).toBe('');
    expect((await apiSignIn(server, admin.email, 'brand-new-pw-1')).status).toBe(200);
    expect((await apiSignIn(server, admin.email, admin.password)).status).toBe(401);
    await context.close();
  });

  it('is accessible on both tabs in light and dark', async () => {
    const admin = await createAdmin(server);
    const { page, context } = await openAccount(admin);
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await page.evaluate(() => document.body.className)).toContain(theme);
      await page.getByRole('tab', { name: 'Edit Profile' }).click();
      await textbox(page, 'Name').waitFor();
      await expectAccessible(page, `/my-account Edit Profile (${theme})`);
      await page.getByRole('tab', { name: 'Change Password' }).click();
      await page.getByLabel('Old Password', { exact: true }).waitFor();
      await expectAccessible(page, `/my-account Change Password (${theme})`);
    }
    await context.close();
  });
});
