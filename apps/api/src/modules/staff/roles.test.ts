import { builtInRoleNames, builtInRoles, permissionNames, productMessages, staffMessages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue-fixtures';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const noPermission = { error: true, msg: staffMessages.noPermission };

describe(`roles: /api/roles (${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let manager: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    manager = await createAdmin(t, 'manager@shop.test');
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const giveRole = (id: string, role: string) => call(owner, 'PUT', `/api/staff/${id}`, { role });

  it('lists the five built-in roles exactly as api.md §10 defines them, to any staff member', async () => {
    const res = await call(manager.token, 'GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json() as Array<{
      id: string;
      _id: string;
      name: string;
      permissions: string[];
      builtIn: boolean;
      members: number;
    }>;
    expect(roles.map((role) => role.name)).toEqual([...builtInRoleNames].sort());
    for (const role of roles) {
      expect(role.builtIn).toBe(true);
      expect(role._id).toBe(role.id);
      expect([...role.permissions].sort()).toEqual([...builtInRoles[role.name as keyof typeof builtInRoles]].sort());
    }
    expect(roles.find((role) => role.name === 'owner')?.permissions).toHaveLength(permissionNames.length);
    // The owner and the manager made by sign-up (SIGNUP_ROLE's default).
    expect(Object.fromEntries(roles.map((role) => [role.name, role.members]))).toMatchObject({ owner: 1, manager: 1 });
  });

  it('creates, renames and deletes a custom role; refuses a duplicate name, an unknown permission, a blank name', async () => {
    const made = await call(owner, 'POST', '/api/roles', {
      name: 'Stock Keeper',
      permissions: ['export', 'catalogue:write', 'export'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const role = made.json();
    expect(role).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      _id: role.id,
      name: 'Stock Keeper',
      permissions: ['catalogue:write', 'export'],
      builtIn: false,
      members: 0,
    });

    const twin = await call(owner, 'POST', '/api/roles', { name: 'stock keeper', permissions: [] });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: true, msg: staffMessages.roleNameTaken('stock keeper') });
    const builtInName = await call(owner, 'POST', '/api/roles', { name: 'Viewer', permissions: [] });
    expect(builtInName.statusCode).toBe(409);
    const unknown = await call(owner, 'POST', '/api/roles', { name: 'Odd', permissions: ['everything'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/^permissions must be a list of: catalogue:write/);
    const blank = await call(owner, 'POST', '/api/roles', { name: '  ', permissions: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe(staffMessages.roleNameBlank);

    const changed = await call(owner, 'PUT', `/api/roles/${role.id}`, { name: 'Stock', permissions: ['orders:write'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: role.id, name: 'Stock', permissions: ['orders:write'] });

    const gone = await call(owner, 'DELETE', `/api/roles/${role.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ error: false, msg: staffMessages.roleDeleted });
    const list = await call(owner, 'GET', '/api/roles');
    expect(list.json().map((entry: { name: string }) => entry.name)).not.toContain('Stock');
    const again = await call(owner, 'DELETE', `/api/roles/${role.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: true, msg: staffMessages.roleNotFound });
  });

  it('never changes or deletes a built-in role (409)', async () => {
    for (const name of builtInRoleNames) {
      const put = await call(owner, 'PUT', `/api/roles/${name}`, { name, permissions: [] });
      expect(put.statusCode, name).toBe(409);
      expect(put.json()).toEqual({ error: true, msg: staffMessages.builtInRoleFixed });
      const del = await call(owner, 'DELETE', `/api/roles/${name}`);
      expect(del.statusCode, name).toBe(409);
    }
    const viewer = (await call(owner, 'GET', '/api/roles'))
      .json()
      .find((role: { name: string }) => role.name === 'viewer');
    expect(viewer.permissions).toEqual([]);
  });

  it('refuses to delete a role while an account holds it (409), then deletes it once nobody does', async () => {
    const role = (await call(owner, 'POST', '/api/roles', { name: 'Busy', permissions: [] })).json();
    const member = await createAdmin(t, 'busy@shop.test');
    expect((await giveRole(member.id, 'Busy')).statusCode).toBe(200);
    const refused = await call(owner, 'DELETE', `/api/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: true, msg: staffMessages.roleInUse(1) });
    expect((await giveRole(member.id, 'viewer')).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(200);
  });

  it('needs staff:manage to change roles: a manager gets 403 and nothing changes', async () => {
    const attempts = [
      await call(manager.token, 'POST', '/api/roles', { name: 'Sneaky', permissions: ['staff:manage'] }),
      await call(manager.token, 'PUT', '/api/roles/viewer', { name: 'viewer', permissions: ['staff:manage'] }),
      await call(manager.token, 'DELETE', '/api/roles/viewer'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(noPermission);
    }
    const names = (await call(owner, 'GET', '/api/roles')).json().map((role: { name: string }) => role.name);
    expect(names).not.toContain('Sneaky');
  });

  it('a change of a custom role reaches its members on their very next request', async () => {
    const category = await createCategory(t, owner, 'Phones');
    const role = (await call(owner, 'POST', '/api/roles', { name: 'Deleter', permissions: [] })).json();
    const member = await createAdmin(t, 'deleter@shop.test');
    expect((await giveRole(member.id, 'Deleter')).statusCode).toBe(200);
    const product = await createProduct(t, owner, category.id, { name: 'To go' });

    const before = await call(member.token, 'DELETE', `/api/products/${product.id}`);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ error: true, msg: productMessages.onlyOwnerDeletes });

    const grant = await call(owner, 'PUT', `/api/roles/${role.id}`, {
      name: 'Deleter',
      permissions: ['catalogue:delete'],
    });
    expect(grant.statusCode).toBe(200);
    const after = await call(member.token, 'DELETE', `/api/products/${product.id}`);
    expect(after.statusCode, after.body).toBe(200);

    await call(owner, 'PUT', `/api/roles/${role.id}`, { name: 'Deleter', permissions: [] });
    const other = await createProduct(t, owner, category.id, { name: 'To stay' });
    const revoked = await call(member.token, 'DELETE', `/api/products/${other.id}`);
    expect(revoked.statusCode).toBe(403);
  });
});
