import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Banner, type BannerFamily, bannerFamilies, bannerFamilyNames, messages } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothThemes, hasChromium, launchBrowser, newPage, useSession } from './support/browser';
import { api, ownerEmail, ownerPassword, type RunningServer, startServer } from './support/server';

type Session = { token: string; user: { id: string; name: string; email: string } };

async function signIn(server: RunningServer, email: string, password: string): Promise<Session> {
  const res = await api<Session>(server, 'POST', '/api/user/signin', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.body;
}

/** The one snackbar shows exactly `text`. */
async function expectAlert(page: Page, text: string) {
  const alert = page.getByTestId('app-alert').filter({ hasText: text });
  await alert.waitFor({ state: 'visible', timeout: 10_000 });
  // The words only: a delete's alert also holds its UNDO button.
  expect((await alert.getByTestId('app-alert-message').textContent())?.trim()).toBe(text);
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

const categoryBox = /^Category/;
const subCategoryBox = /^Sub Category/;

/** The list's image for row `position` is the small WebP variant and really loads. */
async function expectListImage(page: Page, name: string): Promise<string> {
  const image = page.getByRole('img', { name, exact: true });
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/\.small\.webp$/);
  expect(await image.getAttribute('loading')).toBe('lazy');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return src;
}

describe.skipIf(!hasChromium)('banner families: list, add, edit, delete', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Session;
  let ownerPage: Page;
  let staffPage: Page;
  let files: { png: string; otherPng: string; webp: string };
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banners-e2e-'));
    const image = (colour: string) => sharp({ create: { width: 320, height: 120, channels: 3, background: colour } });
    files = {
      png: path.join(dir, 'banner.png'),
      otherPng: path.join(dir, 'banner-2.png'),
      webp: path.join(dir, 'banner.webp'),
    };
    await Promise.all([
      image('#2e7d32').png().toFile(files.png),
      image('#6a1b9a').png().toFile(files.otherPng),
      image('#2e7d32').webp().toFile(files.webp),
    ]);
    owner = await signIn(server, ownerEmail, ownerPassword);
    const staff = { name: 'Ravi Staff', email: 'staff@shop.test', password: 'staff-password-1' };
    await api(server, 'POST', '/api/user/signup', {
      ...staff,
      phone: '5550101',
      confirmPassword: staff.password,
      isAdmin: true,
    });
    const staffSession = await signIn(server, staff.email, staff.password);
    await arrangeCategories(server, owner.token);
    ({ page: ownerPage } = await newPage(browser, server));
    await useSession(ownerPage, owner.token, owner.user);
    ({ page: staffPage } = await newPage(browser, server));
    await useSession(staffPage, staffSession.token, staffSession.user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(bannerFamilyNames)('%s', (family: BannerFamily) => {
    const spec = bannerFamilies[family];
    const rowImage = `${spec.title} 1`;
    const saved = async () => (await api<Banner[]>(server, 'GET', spec.apiPath, undefined, owner.token)).body;

    it('adds a record with an uploaded PNG and lists its image', async () => {
      const page = ownerPage;
      await page.goto(spec.listPath);
      await page.getByRole('heading', { name: spec.listTitle }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: 'breadcrumb' }).textContent();
      expect(crumbs?.startsWith('Dashboard')).toBe(true);
      await page.getByText(`No ${spec.title.toLowerCase()}s yet`).waitFor();

      await page
        .getByRole('main')
        .getByRole('link', { name: `Add ${spec.title}` })
        .click();
      await page.waitForURL((url) => url.pathname === spec.addPath);
      await page.getByRole('heading', { name: `Add ${spec.title}` }).waitFor();
      await page.getByRole('button', { name: 'Publish and View' }).click();
      await expectAlert(page, messages.fillAllDetails);

      if (spec.hasCategory) {
        await choose(page, categoryBox, 'Phones');
        await choose(page, subCategoryBox, 'Android');
      }
      await page.getByLabel('Upload images').setInputFiles(files.png);
      await expectAlert(page, messages.imagesUploaded);
      await page.getByRole('img', { name: 'Image 1' }).waitFor();
      await bothThemes(page, `${spec.title} add form`);

      await page.getByRole('button', { name: 'Publish and View' }).click();
      await page.waitForURL((url) => url.pathname === spec.listPath);
      await expectListImage(page, rowImage);
      if (spec.hasCategory) {
        await page.getByRole('cell', { name: 'Phones', exact: true }).waitFor();
        await page.getByRole('cell', { name: 'Android', exact: true }).waitFor();
      }
      await bothThemes(page, spec.listTitle);
      const [record] = await saved();
      expect(record?.images).toHaveLength(1);
      if (spec.hasCategory) expect([record?.catName, record?.subCatName]).toEqual(['Phones', 'Android']);
    });

    it('edits the record: preloaded, changed, saved', async () => {
      const page = ownerPage;
      const [before] = await saved();
      await page.goto(spec.listPath);
      const oldSrc = await expectListImage(page, rowImage);
      await page.getByRole('link', { name: `Edit ${rowImage}` }).click();
      await page.waitForURL((url) => url.pathname === `${spec.editPath}/${before?.id}`);
      await page.getByRole('heading', { name: `Edit ${spec.title}` }).waitFor();
      await page.getByRole('img', { name: 'Image 1' }).waitFor();

      if (spec.hasCategory) {
        // The selects fill in once the category list has arrived.
        await expect.poll(() => page.getByRole('combobox', { name: categoryBox }).textContent()).toBe('Phones');
        await expect.poll(() => page.getByRole('combobox', { name: subCategoryBox }).textContent()).toBe('Android');
        await choose(page, categoryBox, 'Laptops');
        await choose(page, subCategoryBox, 'Gaming');
      } else {
        // Spec §5: the home slide edit screen takes jpeg, jpg and png only.
        await page.getByLabel('Upload images').setInputFiles(files.webp);
        await expectAlert(page, messages.invalidImage);
        await page.getByRole('button', { name: 'Remove image 1' }).click();
        await expectAlert(page, messages.imageDeleted);
        await page.getByRole('img', { name: 'Image 1' }).waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Publish and View' }).click();
        await expectAlert(page, messages.fillAllDetails);
        await page.getByLabel('Upload images').setInputFiles(files.otherPng);
        await expectAlert(page, messages.imagesUploaded);
        await page.getByRole('img', { name: 'Image 1' }).waitFor();
      }
      await page.getByRole('button', { name: 'Publish and View' }).click();
      await page.waitForURL((url) => url.pathname === spec.listPath);
      const [after] = await saved();
      expect(after?.id).toBe(before?.id);
      if (spec.hasCategory) {
        await page.getByRole('cell', { name: 'Laptops', exact: true }).waitFor();
        await page.getByRole('cell', { name: 'Gaming', exact: true }).waitFor();
        expect([after?.catName, after?.subCatName]).toEqual(['Laptops', 'Gaming']);
        expect(after?.images).toEqual(before?.images);
      } else {
        expect(after?.images).toHaveLength(1);
        expect(after?.images).not.toEqual(before?.images);
        await expect
          .poll(() => page.getByRole('img', { name: rowImage, exact: true }).getAttribute('src'))
          .not.toBe(oldSrc);
        await expectListImage(page, rowImage);
      }
    });

    it("refuses a second admin's delete, then the owner deletes", async () => {
      await staffPage.goto(spec.listPath);
      await expectListImage(staffPage, rowImage);
      await staffPage.getByRole('button', { name: `Delete ${rowImage}` }).click();
      await expectAlert(staffPage, spec.onlyOwner);
      await staffPage.reload();
      await expectListImage(staffPage, rowImage);
      expect(await saved()).toHaveLength(1);

      await ownerPage.goto(spec.listPath);
      await ownerPage.getByRole('button', { name: `Delete ${rowImage}` }).click();
      await expectAlert(ownerPage, spec.deleted);
      await ownerPage.getByText(`No ${spec.title.toLowerCase()}s yet`).waitFor();
      expect(await saved()).toHaveLength(0);
    });
  });
});

/** Phones > Android and Laptops > Gaming, made over the API. */
async function arrangeCategories(server: RunningServer, token: string) {
  for (const [name, sub] of [
    ['Phones', 'Android'],
    ['Laptops', 'Gaming'],
  ] as const) {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'category.png');
    const uploaded = await fetch(`${server.baseUrl}/api/category/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const [image] = (await uploaded.json()) as string[];
    const root = await api<{ id: string }>(
      server,
      'POST',
      '/api/category/create',
      { name, slug: name, color: '#1565c0', images: [image] },
      token,
    );
    const child = await api(
      server,
      'POST',
      '/api/category/create',
      { name: sub, slug: sub, parentId: root.body.id },
      token,
    );
    if (root.status !== 201 || child.status !== 201) throw new Error(`categories: ${root.status} ${child.status}`);
  }
}
