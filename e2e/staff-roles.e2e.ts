import { staffMessages } from '@shopdesk/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectAlert } from './support/accounts';
import {
  expectAccessible,
  followSidebarLink,
  hasChromium,
  launchBrowser,
  newPage,
  signInThroughForm,
} from './support/browser';
import {
  api,
  ownerEmail,
  ownerPassword,
  ownerToken,
  type RunningServer,
  startServer,
  uploadPng,
} from './support/server';

/** Settings → Staff and Roles, an invitation accepted in the browser, and what a viewer sees (api.md §10). */
describe.skipIf(!hasChromium)('staff, roles and permissions in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: string;
  let productId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await ownerToken(server);
    // One product, so the lists have rows with (or without) their actions.
    const image = await uploadPng(server, '/api/category', owner);
    const category = await api<{ id: string }>(
      server,
      'POST',
      '/api/category/create',
      { name: 'Phones', slug: 'Phones', color: '#1565c0', images: [image] },
      owner,
    );
    const productImage = await uploadPng(server, '/api/products', owner);
    const product = await api<{ id: string }>(
      server,
      'POST',
      '/api/products/create',
      {
        name: 'Galaxy Phone',
        description: 'A phone',
        brand: 'Samsung',
        price: 100,
        oldPrice: 120,
        category: category.body.id,
        countInStock: 3,
        rating: 4,
        isFeatured: true,
        discount: 10,
        images: [productImage],
      },
      owner,
    );
    if (product.status !== 201) throw new Error(`product: ${product.status}`);
    productId = product.body.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner invites a member, makes and changes a role, and the invitation is accepted in the browser', async () => {
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, ownerEmail, ownerPassword);
    await followSidebarLink(page, 'Settings', 'Staff', '/settings/staff');
    await page.getByRole('heading', { name: 'Staff' }).waitFor();
    await page.getByRole('cell', { name: ownerEmail }).waitFor();
    await expectAccessible(page, 'Staff');

    // Invite: the dialog validates with the server's words, then shows the link once.
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectAlert(page, staffMessages.inviteEmailBlank, 'error');
    await dialog.getByLabel('Name').fill('Meera Editor');
    await dialog.getByLabel('Email').fill('meera@shop.test');
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'editor' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectAlert(page, staffMessages.inviteSent, 'success');
    const link = await dialog.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/accept-invite\?token=[\w-]+$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const invited = page.getByRole('row', { name: /meera@shop\.test/ });
    await invited.getByText('Invited').waitFor();

    // Roles: a custom role with two permissions, changed, listed with its members.
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await page
      .getByRole('row', { name: /viewer/ })
      .getByText('Reading only')
      .waitFor();
    await page.getByRole('button', { name: 'New role' }).click();
    await page.getByLabel('Role name').fill('Packer');
    await page.getByLabel(/^orders:write/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, staffMessages.roleSaved, 'success');
    const packer = page.getByRole('row', { name: /Packer/ });
    await packer.getByText('orders:write').waitFor();
    await page.getByRole('button', { name: 'Edit role Packer' }).click();
    await page.getByLabel(/^export/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await packer.getByText('orders:write, export').waitFor();
    await expectAccessible(page, 'Roles');

    // The invitation, accepted in another browser: the sign-up form's rules, then signed in as an editor.
    const invitee = await newPage(browser, server);
    const { pathname, search } = new URL(link);
    await invitee.page.goto(`${pathname}${search}`);
    await invitee.page.getByRole('heading', { name: 'Join the shop' }).waitFor();
    await invitee.page.getByLabel('Name').fill('Meera');
    await invitee.page.getByLabel('Phone').fill('5550123');
    await invitee.page.getByLabel('Password', { exact: true }).fill('meera-pass-phrase');
    await invitee.page.getByLabel('Confirm Password').fill('something else');
    await invitee.page.getByRole('button', { name: 'Join the shop' }).click();
    await expectAlert(invitee.page, 'password not match', 'error');
    await invitee.page.getByLabel('Confirm Password').fill('meera-pass-phrase');
    await invitee.page.getByRole('button', { name: 'Join the shop' }).click();
    await invitee.page.waitForURL('**/dashboard', { timeout: 15_000 });
    // An editor: the product screens, and of Settings only the Trash (every staff member's).
    await invitee.page.getByRole('button', { name: 'Products' }).waitFor();
    await invitee.page.getByRole('button', { name: 'Settings' }).click();
    await invitee.page.getByRole('link', { name: 'Trash', exact: true }).waitFor();
    for (const name of ['Staff', 'Roles']) {
      expect(await invitee.page.getByRole('link', { name, exact: true }).count()).toBe(0);
    }
    await invitee.context.close();

    // Back on Staff: Meera is an active editor now; give her the custom role, then deactivate her.
    await page.getByRole('link', { name: 'Staff' }).click();
    const meera = page.getByRole('row', { name: /meera@shop\.test/ });
    await meera.getByText('Active').waitFor();
    await meera.getByRole('combobox', { name: 'Role of meera@shop.test' }).click();
    await page.getByRole('option', { name: 'Packer' }).click();
    await expectAlert(page, staffMessages.memberUpdated, 'success');
    await expect.poll(() => meera.getByRole('combobox').innerText()).toBe('Packer');
    await meera.getByRole('button', { name: 'Deactivate' }).click();
    await meera.getByText('Deactivated').waitFor();
    const signin = await api(server, 'POST', '/api/user/signin', {
      email: 'meera@shop.test',
      password: 'meera-pass-phrase',
    });
    expect(signin.status).toBe(403);
    // The owner's row offers neither a role change nor deactivation.
    const ownerRow = page.getByRole('row', { name: new RegExp(ownerEmail.replace('.', '\\.')) });
    expect(await ownerRow.getByRole('button').count()).toBe(0);
    expect(await ownerRow.getByRole('combobox').count()).toBe(0);
    await context.close();
  });

  it('a viewer sees no edit buttons, and a direct URL to a forbidden screen says so', async () => {
    const viewer = await createAdmin(server, { email: 'viewer@shop.test' });
    const given = await api(server, 'PUT', `/api/staff/${viewer.id}`, { role: 'viewer' }, owner);
    expect(given.status).toBe(200);
    const { page, context } = await newPage(browser, server);
    await signInThroughForm(page, viewer.email, viewer.password);

    await page.goto('/products');
    await page.getByRole('link', { name: 'Galaxy Phone' }).first().waitFor();
    expect(await page.getByRole('link', { name: `View Galaxy Phone` }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Edit Galaxy Phone' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Galaxy Phone' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add Product' }).count()).toBe(0);
    await page.goto('/category');
    await page.getByRole('cell', { name: 'Phones' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit Phones' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Phones' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Trash', exact: true }).waitFor();
    for (const name of ['Staff', 'Roles']) expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);

    for (const path of [
      `/product/edit/${productId}`,
      '/product/upload',
      '/category/add',
      '/settings/staff',
      '/settings/roles',
    ]) {
      await page.goto(path);
      await page.getByRole('alert').filter({ hasText: staffMessages.noPermission }).waitFor();
    }
    await expectAccessible(page, 'No permission');
    await context.close();
  });
});
