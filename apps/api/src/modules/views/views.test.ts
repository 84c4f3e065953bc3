import { viewMessages } from '@shopdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

describe(`saved views (api.md §16, ${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let manager: { id: string; token: string };
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    manager = await createAdmin(t, 'manager@shop.test');
  });
  afterEach(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const save = (token: string, body: object) => call(token, 'POST', '/api/views', body);

  it('keeps a view for its owner and shares it with the team when asked', async () => {
    const own = await save(manager.token, { name: 'Low stock phones', screen: 'products', query: { q: 'phone' } });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toEqual({
      id: expect.any(String),
      name: 'Low stock phones',
      screen: 'products',
      query: { q: 'phone' },
      shared: false,
      ownerId: manager.id,
    });
    const shared = await save(manager.token, {
      name: 'Pending',
      screen: 'orders',
      query: { status: 'pending' },
      shared: true,
    });
    expect(shared.statusCode).toBe(201);

    const mine = await call(manager.token, 'GET', '/api/views');
    expect(mine.json().map((view: { name: string }) => view.name)).toEqual(['Pending', 'Low stock phones']);
    // The owner of the shop sees only what is shared with the team.
    const theirs = await call(owner, 'GET', '/api/views');
    expect(theirs.json().map((view: { name: string }) => view.name)).toEqual(['Pending']);
    const products = await call(manager.token, 'GET', '/api/views?screen=products');
    expect(products.json().map((view: { name: string }) => view.name)).toEqual(['Low stock phones']);
  });

  it('changes a view: its owner always; a shared one by staff:manage; others not at all', async () => {
    const own = (await save(manager.token, { name: 'Mine', screen: 'products', query: {} })).json();
    const shared = (await save(manager.token, { name: 'Team', screen: 'orders', query: {}, shared: true })).json();
    const renamed = await call(manager.token, 'PUT', `/api/views/${own.id}`, {
      name: 'Still mine',
      query: { page: '2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Still mine', query: { page: '2' }, shared: false });

    // Another member's own view does not exist for the owner of the shop.
    expect((await call(owner, 'PUT', `/api/views/${own.id}`, { name: 'Taken' })).json()).toEqual({
      error: true,
      msg: viewMessages.notFound,
    });
    // A shared view: the owner (staff:manage) may change and delete it; a second manager may not.
    const other = await createAdmin(t, 'other@shop.test');
    const refused = await call(other.token, 'PUT', `/api/views/${shared.id}`, { shared: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You do not have permission to do this');
    expect((await call(other.token, 'DELETE', `/api/views/${shared.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/api/views/${shared.id}`, { name: 'Team orders' })).json().name).toBe(
      'Team orders',
    );
    const deleted = await call(owner, 'DELETE', `/api/views/${shared.id}`);
    expect(deleted.json()).toEqual({ success: true, message: viewMessages.deleted });
    expect((await call(manager.token, 'GET', '/api/views')).json()).toHaveLength(1);
  });

  it('refuses bad views with clear words and keeps nothing of them', async () => {
    const cases: [object, string][] = [
      [{ name: ' ', screen: 'products', query: {} }, viewMessages.name],
      [{ name: 'X', screen: 'users', query: {} }, viewMessages.screen],
      [{ name: 'X', screen: 'orders', query: { page: 2 } }, viewMessages.query],
      [{ name: 'X', screen: 'orders', query: [] }, viewMessages.query],
    ];
    for (const [body, msg] of cases) {
      const res = await save(manager.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await save(manager.token, { name: 'Same', screen: 'orders', query: {} })).statusCode).toBe(201);
    const twice = await save(manager.token, { name: 'same', screen: 'orders', query: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(viewMessages.nameTaken('same'));
    // One name on another screen, or of another member, is another view.
    expect((await save(manager.token, { name: 'Same', screen: 'products', query: {} })).statusCode).toBe(201);
    expect((await save(owner, { name: 'Same', screen: 'orders', query: {} })).statusCode).toBe(201);
    expect((await call(manager.token, 'GET', '/api/views')).json()).toHaveLength(2);
    expect((await call(manager.token, 'PUT', '/api/views/none', { name: 'Y' })).statusCode).toBe(404);
  });
});
