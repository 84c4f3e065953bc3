import {
  type ActivityEntry,
  type ActivityPage,
  bannerFamilies,
  bannerFamilyNames,
  optionEntity,
  optionFamilies,
  optionFamilyNames,
  securityMessages,
} from '@shopdesk/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl, orderBody, orderLine, productBody } from '../../../test/catalogue-fixtures';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from '../../../test/security/route-list';
import {
  bearer,
  createAdmin,
  engineName,
  ownerEmail,
  ownerPassword,
  signIn,
  type TestApp,
} from '../../../test/test-app';
import type { Mail } from '../../lib/mailer';
import { totpFor } from '../account-security/totp';
import { pruneActivity } from './activity.service';
import { hiddenValue } from './record-kinds';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function entryCount(t: TestApp): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest entries, as GET /api/activity answers them (the owner holds audit:read). */
async function newest(t: TestApp, token: string, query = ''): Promise<ActivityPage> {
  const res = await t.request({ method: 'GET', url: `/api/activity${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ActivityPage;
}

/** One column of an account's row, read straight from the database (what the API never shows). */
async function userColumn(t: TestApp, id: string, column: 'password_hash' | 'totp_pending_secret') {
  const row = await t.app.ctx.db.selectFrom('users').select(column).where('id', '=', id).executeTakeFirstOrThrow();
  return String(row[column as keyof typeof row]);
}

const codeFor = (secret: string) => totpFor(secret, ownerEmail).generate();

/**
 * One step of the tour: a call that succeeds, and what its entry must say. Steps run in order
 * (a record is made before it is changed, changed before it is deleted).
 */
interface Step {
  route: string;
  call: () => Promise<InjectOptions>;
  /** The entry's record id, when the test knows it before the call (else read from the answer). */
  entityId?: () => string;
  idFromAnswer?: (res: LightMyRequestResponse) => string;
  /** The entry's action when it is not the declared one (an order's status-only change). */
  action?: string;
  /** The entry's kind of record when the route does not name it (a trash entry's). */
  entity?: string;
  /** A route declaring `many`: the records it changes, one entry each (none for a record left as it was). */
  records?: () => string[];
}

describe(`activity log (${engineName})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let owner: string;
  const mails: Mail[] = [];

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes(
      {},
      {
        mailer: async (mail) => {
          mails.push(mail);
        },
      },
    ));
    owner = await signIn(t);
  });
  afterAll(() => t.close());

  it('every mutating route declares what it writes to the log', () => {
    const undeclared = routes.filter((route) => mutating.has(route.method) && route.activity === undefined);
    expect(undeclared.map(routeKey)).toEqual([]);
  });

  it('each mutating route writes exactly one entry (none for the routes that change no record), in the same transaction', async () => {
    const ids: Record<string, string> = {};
    const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;
    const as = (token: string, method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    const ownerId = String(
      (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', ownerEmail).executeTakeFirstOrThrow())
        .id,
    );
    const member = await createAdmin(t, 'member@shop.test');
    let memberToken = member.token;
    let twoFactorSecret = '';
    let inviteToken = '';

    const steps: Step[] = [
      // Accounts.
      {
        route: 'POST /api/user/signin',
        call: async () => ({
          method: 'POST',
          url: '/api/user/signin',
          payload: { email: ownerEmail, password: ownerPassword },
        }),
        entityId: () => ownerId,
      },
      {
        route: 'POST /api/user/signup',
        call: async () => ({
          method: 'POST',
          url: '/api/user/signup',
          payload: {
            name: 'Newcomer',
            email: 'newcomer@shop.test',
            phone: '5550101',
            password: 'newcomer-password-1',
            confirmPassword: 'newcomer-password-1',
            isAdmin: true,
          },
        }),
        idFromAnswer: (res) => String((json(res).user as { id: string }).id),
      },
      {
        route: 'PUT /api/user/:id',
        call: async () =>
          as(memberToken, 'PUT', `/api/user/${member.id}`, {
            name: 'Member Renamed',
            email: 'member@shop.test',
            phone: '5550102',
            images: [imageUrl('me', 'users')],
          }),
        entityId: () => member.id,
      },
      {
        route: 'PUT /api/user/changePassword/:id',
        call: async () =>
          as(memberToken, 'PUT', `/api/user/changePassword/${member.id}`, {
            password: 'admin-password-1',
            newPass: 'member-password-2',
          }),
        entityId: () => member.id,
      },
      {
        route: 'POST /api/user/forgotPassword',
        call: async () => ({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: 'member@shop.test' } }),
      },
      {
        route: 'POST /api/user/resetPassword',
        call: async () => {
          const link = mails.at(-1)?.text.match(/\/reset-password\/([\w-]+)/)?.[1] ?? '';
          return {
            method: 'POST',
            url: '/api/user/resetPassword',
            payload: { token: link, password: 'member-password-3', confirmPassword: 'member-password-3' },
          };
        },
        entityId: () => member.id,
      },
      {
        route: 'POST /api/user/2fa/setup',
        call: async () => {
          memberToken = await signIn(t, 'member@shop.test', 'member-password-3');
          return as(memberToken, 'POST', '/api/user/2fa/setup', { password: 'member-password-3' });
        },
        entityId: () => member.id,
      },
      {
        route: 'POST /api/user/2fa/enable',
        call: async () => {
          twoFactorSecret = await userColumn(t, member.id, 'totp_pending_secret');
          return as(memberToken, 'POST', '/api/user/2fa/enable', { otp: codeFor(twoFactorSecret) });
        },
        entityId: () => member.id,
      },
      {
        route: 'POST /api/user/2fa/disable',
        call: async () => {
          // The code of the next 30-second step: the one just used cannot be used twice.
          t.advance(30_000);
          return as(memberToken, 'POST', '/api/user/2fa/disable', {
            password: 'member-password-3',
            otp: totpFor(twoFactorSecret, ownerEmail).generate({ timestamp: Date.now() + 30_000 }),
          });
        },
        entityId: () => member.id,
      },
      {
        route: 'DELETE /api/user/sessions/:id',
        call: async () => {
          const other = await signIn(t, 'member@shop.test', 'member-password-3');
          const list = await t.request(as(memberToken, 'GET', '/api/user/sessions'));
          const sessions = list.json() as Array<{ id: string; current: boolean }>;
          const target = sessions.find((session) => !session.current);
          expect(other).toBeTruthy();
          return as(memberToken, 'DELETE', `/api/user/sessions/${target?.id ?? 'none'}`);
        },
      },
      { route: 'DELETE /api/user/sessions', call: async () => as(memberToken, 'DELETE', '/api/user/sessions') },
      {
        route: 'POST /api/user/logout',
        call: async () => as(await signIn(t, 'member@shop.test', 'member-password-3'), 'POST', '/api/user/logout'),
      },
      // Roles and staff.
      {
        route: 'POST /api/roles',
        call: async () => as(owner, 'POST', '/api/roles', { name: 'Packers', permissions: ['orders:write'] }),
        idFromAnswer: (res) => String(json(res).id),
      },
      {
        route: 'PUT /api/roles/:id',
        call: async () =>
          as(owner, 'PUT', `/api/roles/${ids['POST /api/roles']}`, {
            name: 'Packers',
            permissions: ['orders:write', 'export'],
          }),
        entityId: () => ids['POST /api/roles'] ?? '',
      },
      {
        route: 'PUT /api/staff/:id',
        call: async () => as(owner, 'PUT', `/api/staff/${member.id}`, { role: 'Packers' }),
        entityId: () => member.id,
        action: 'role',
      },
      {
        route: 'DELETE /api/roles/:id',
        call: async () => {
          await t.request(as(owner, 'PUT', `/api/staff/${member.id}`, { role: 'manager' }));
          return as(owner, 'DELETE', `/api/roles/${ids['POST /api/roles']}`);
        },
        entityId: () => ids['POST /api/roles'] ?? '',
      },
      // Saved views (api.md §16).
      {
        route: 'POST /api/views',
        call: async () =>
          as(owner, 'POST', '/api/views', { name: 'Cheap', screen: 'products', query: { q: 'x' }, shared: true }),
        idFromAnswer: (res) => String(json(res).id),
      },
      {
        route: 'PUT /api/views/:id',
        call: async () => as(owner, 'PUT', `/api/views/${ids['POST /api/views']}`, { name: 'Cheapest' }),
        entityId: () => ids['POST /api/views'] ?? '',
      },
      {
        route: 'DELETE /api/views/:id',
        call: async () => as(owner, 'DELETE', `/api/views/${ids['POST /api/views']}`),
        entityId: () => ids['POST /api/views'] ?? '',
      },
      {
        route: 'POST /api/staff/invite',
        call: async () =>
          as(owner, 'POST', '/api/staff/invite', { email: 'invited@shop.test', name: 'Invited', role: 'editor' }),
        idFromAnswer: (res) => {
          inviteToken = new URL(String(json(res).inviteUrl)).searchParams.get('token') ?? '';
          return String(json(res).id);
        },
      },
      {
        route: 'POST /api/staff/acceptInvite',
        call: async () => ({
          method: 'POST',
          url: '/api/staff/acceptInvite',
          payload: {
            token: inviteToken,
            name: 'Invited',
            phone: '5550103',
            password: 'invited-password-1',
            confirmPassword: 'invited-password-1',
          },
        }),
        idFromAnswer: (res) => String((json(res).user as { id: string }).id),
      },
      // The catalogue.
      {
        route: 'POST /api/category/create',
        call: async () =>
          as(owner, 'POST', '/api/category/create', {
            name: 'Phones',
            slug: 'phones',
            color: '#336699',
            images: [imageUrl('phones', 'categories')],
          }),
        idFromAnswer: (res) => String(json(res).id),
      },
      {
        route: 'PUT /api/category/:id',
        call: async () =>
          as(owner, 'PUT', `/api/category/${ids['POST /api/category/create']}`, {
            name: 'Mobiles',
            color: '#336699',
            images: [imageUrl('phones', 'categories')],
          }),
        entityId: () => ids['POST /api/category/create'] ?? '',
      },
      {
        route: 'POST /api/products/create',
        call: async () =>
          as(owner, 'POST', '/api/products/create', productBody(ids['POST /api/category/create'] ?? '')),
        idFromAnswer: (res) => String(json(res).id),
      },
      {
        route: 'PUT /api/products/:id',
        call: async () =>
          as(
            owner,
            'PUT',
            `/api/products/${ids['POST /api/products/create']}`,
            productBody(ids['POST /api/category/create'] ?? '', { price: 17999 }),
          ),
        entityId: () => ids['POST /api/products/create'] ?? '',
      },
      // Bulk work (api.md §13): one entry per product changed. Two more products: one already
      // holding the new price (no entry), one changed; and an id of no product.
      {
        route: 'POST /api/products/bulk',
        call: async () => {
          const category = ids['POST /api/category/create'] ?? '';
          for (const [key, price] of [
            ['same', 15000],
            ['other', 100],
          ] as const) {
            const made = await t.request(
              as(owner, 'POST', '/api/products/create', productBody(category, { name: `Bulk ${key}`, price })),
            );
            ids[`bulk ${key}`] = String(json(made).id);
          }
          const chosen = [ids['POST /api/products/create'], ids['bulk same'], ids['bulk other'], 'f'.repeat(24)];
          return as(owner, 'POST', '/api/products/bulk', { ids: chosen, set: { price: 15000 } });
        },
        idFromAnswer: (res) => String(json(res).bulkId),
        records: () => [ids['POST /api/products/create'] ?? '', ids['bulk other'] ?? ''],
      },
      {
        route: 'POST /api/products/bulk/:bulkId/undo',
        call: async () => as(owner, 'POST', `/api/products/bulk/${ids['POST /api/products/bulk']}/undo`),
        records: () => [ids['POST /api/products/create'] ?? '', ids['bulk other'] ?? ''],
      },
      {
        route: 'POST /api/products/bulkDelete',
        call: async () =>
          as(owner, 'POST', '/api/products/bulkDelete', { ids: [ids['bulk same'], ids['bulk other'], 'f'.repeat(24)] }),
        records: () => [ids['bulk same'] ?? '', ids['bulk other'] ?? ''],
      },
      {
        route: 'POST /api/productReviews/add',
        call: async () =>
          as(owner, 'POST', '/api/productReviews/add', {
            productId: ids['POST /api/products/create'],
            customerName: 'Meera',
            customerId: 'cust-1',
            review: 'Lovely',
            customerRating: 4,
          }),
      },
      {
        route: 'POST /api/orders/create',
        call: async () =>
          as(owner, 'POST', '/api/orders/create', orderBody([orderLine(ids['POST /api/products/create'] ?? '', 2)])),
        idFromAnswer: (res) => String(json(res).id),
      },
      {
        route: 'PUT /api/orders/:id',
        call: async () =>
          as(
            owner,
            'PUT',
            `/api/orders/${ids['POST /api/orders/create']}`,
            orderBody([orderLine(ids['POST /api/products/create'] ?? '', 2)], { status: 'confirm' }),
          ),
        entityId: () => ids['POST /api/orders/create'] ?? '',
        action: 'status',
      },
      {
        route: 'POST /api/orders/:id/notes',
        call: async () => as(owner, 'POST', `/api/orders/${ids['POST /api/orders/create']}/notes`, { text: 'Fragile' }),
        entityId: () => ids['POST /api/orders/create'] ?? '',
      },
      {
        route: 'DELETE /api/orders/:id',
        call: async () => as(owner, 'DELETE', `/api/orders/${ids['POST /api/orders/create']}`),
        entityId: () => ids['POST /api/orders/create'] ?? '',
      },
      {
        route: 'DELETE /api/products/:id',
        call: async () => as(owner, 'DELETE', `/api/products/${ids['POST /api/products/create']}`),
        entityId: () => ids['POST /api/products/create'] ?? '',
      },
      // The trash (api.md §12): the entry names the record the trash entry holds.
      {
        route: 'POST /api/trash/:trashId/restore',
        call: async () => {
          const trash = await t.request(as(owner, 'GET', '/api/trash?entity=product'));
          const [entry] = trash.json() as Array<{ trashId: string }>;
          return as(owner, 'POST', `/api/trash/${entry?.trashId}/restore`);
        },
        entityId: () => ids['POST /api/products/create'] ?? '',
        entity: 'product',
      },
      {
        route: 'DELETE /api/trash/:trashId',
        call: async () => {
          const deleted = await t.request(as(owner, 'DELETE', `/api/products/${ids['POST /api/products/create']}`));
          return as(owner, 'DELETE', `/api/trash/${deleted.json().trashId}`);
        },
        entityId: () => ids['POST /api/products/create'] ?? '',
        entity: 'product',
      },
      {
        route: 'DELETE /api/category/:id',
        call: async () => as(owner, 'DELETE', `/api/category/${ids['POST /api/category/create']}`),
        entityId: () => ids['POST /api/category/create'] ?? '',
      },
      ...optionFamilyNames.flatMap((family): Step[] => {
        const { path, field } = optionFamilies[family];
        const created = `POST ${path}/create`;
        return [
          {
            route: created,
            call: async () => as(owner, 'POST', `${path}/create`, { [field]: `${family}-1` }),
            idFromAnswer: (res) => String(json(res).id),
          },
          {
            route: `PUT ${path}/:id`,
            call: async () => as(owner, 'PUT', `${path}/${ids[created]}`, { [field]: `${family}-2` }),
            entityId: () => ids[created] ?? '',
          },
          {
            route: `DELETE ${path}/:id`,
            call: async () => as(owner, 'DELETE', `${path}/${ids[created]}`),
            entityId: () => ids[created] ?? '',
          },
        ];
      }),
      ...bannerFamilyNames.flatMap((family): Step[] => {
        const { apiPath, folder } = bannerFamilies[family];
        const created = `POST ${apiPath}/create`;
        return [
          {
            route: created,
            call: async () => as(owner, 'POST', `${apiPath}/create`, { images: [imageUrl('one', folder)] }),
            idFromAnswer: (res) => String(json(res).id),
          },
          {
            route: `PUT ${apiPath}/:id`,
            call: async () => as(owner, 'PUT', `${apiPath}/${ids[created]}`, { images: [imageUrl('two', folder)] }),
            entityId: () => ids[created] ?? '',
          },
          {
            route: `DELETE ${apiPath}/:id`,
            call: async () => as(owner, 'DELETE', `${apiPath}/${ids[created]}`),
            entityId: () => ids[created] ?? '',
          },
          // Temporary files: no entry.
          { route: `POST ${apiPath}/upload`, call: async () => as(owner, 'POST', `${apiPath}/upload`) },
          {
            route: `DELETE ${apiPath}/deleteImage`,
            call: async () =>
              as(owner, 'DELETE', `${apiPath}/deleteImage?img=${encodeURIComponent(imageUrl('gone', folder))}`),
          },
        ];
      }),
    ];
    // Temporary uploads of the other families, and clearing one's temporary store: no entry.
    for (const route of routes) {
      if (!mutating.has(route.method) || steps.some((step) => step.route === routeKey(route))) continue;
      if (route.activity && 'none' in route.activity) {
        const url = route.url.replace(':id', 'none');
        steps.push({
          route: routeKey(route),
          call: async () =>
            as(
              owner,
              route.method as 'POST',
              `${url}${url.endsWith('deleteImage') ? `?img=${encodeURIComponent(imageUrl('gone'))}` : ''}`,
            ),
        });
      }
    }

    const untested: string[] = [];
    for (const route of routes) {
      if (mutating.has(route.method) && !steps.some((step) => step.route === routeKey(route)))
        untested.push(routeKey(route));
    }
    // Google sign-in's success needs the provider's signed credential (oidc.test.ts); its unit of
    // work is the same session opening as a password sign-in. Its refusal is logged below.
    expect(untested).toEqual(['POST /api/user/authWithGoogle']);

    for (const step of steps) {
      const route = routes.find((candidate) => routeKey(candidate) === step.route);
      expect(route, step.route).toBeDefined();
      const declared = route?.activity;
      const request = await step.call();
      const before = await entryCount(t);
      const res = await t.request(request);
      const after = await entryCount(t);
      if (declared && 'none' in declared) {
        expect(res.statusCode, `${step.route}: ${res.body}`).toBeLessThan(500);
        expect(after - before, `${step.route} writes no entry`).toBe(0);
        continue;
      }
      expect(res.statusCode, `${step.route}: ${res.body}`).toBeLessThan(300);
      if (declared && 'many' in declared) {
        // One entry per record changed, all of this request.
        const records = step.records?.() ?? [];
        expect(records.length, step.route).toBeGreaterThan(0);
        expect(after - before, `${step.route} writes one entry per record changed`).toBe(records.length);
        const entries = (await newest(t, owner, `?limit=${records.length}`)).entries;
        expect(entries.map((entry) => entry.entityId).sort(), step.route).toEqual([...records].sort());
        for (const entry of entries) {
          expect(entry, step.route).toMatchObject({ action: declared.action, entity: declared.entity });
          expect(entry.requestId, step.route).toBe(res.headers['x-request-id']);
        }
        ids[step.route] = step.idFromAnswer?.(res) ?? '';
        continue;
      }
      expect(after - before, `${step.route} writes one entry`).toBe(1);
      const id = step.entityId?.() ?? step.idFromAnswer?.(res) ?? '';
      ids[step.route] = id;
      const [entry] = (await newest(t, owner, '?limit=1')).entries;
      expect(entry, step.route).toMatchObject({
        action: step.action ?? declared?.action,
        entity: step.entity ?? declared?.entity,
        entityId: id,
      });
      expect(entry?.requestId, step.route).toBe(res.headers['x-request-id']);
    }
  }, 120_000);

  describe('what an entry says', () => {
    let categoryId: string;
    let productId: string;

    beforeAll(async () => {
      const category = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(owner),
        payload: { name: 'Audio', slug: 'audio', color: '#112233', images: [imageUrl('audio', 'categories')] },
      });
      categoryId = category.json().id;
      const product = await t.request({
        method: 'POST',
        url: '/api/products/create',
        headers: bearer(owner),
        payload: productBody(categoryId, { name: 'Earbuds', price: 2999 }),
      });
      productId = product.json().id;
    });

    it('a create lists its fields from null; an update only the fields that changed, before and after', async () => {
      const history = await t.request({
        method: 'GET',
        url: `/api/activity/product/${productId}`,
        headers: bearer(owner),
      });
      const created = (history.json() as ActivityPage).entries[0];
      expect(created).toMatchObject({ action: 'create', entityName: 'Earbuds', actor: { email: ownerEmail } });
      expect(created?.changes.price).toEqual([null, 2999]);
      expect(created?.changes.images).toEqual([null, [expect.stringContaining('/uploads/products/')]]);
      // Columns the server keeps for itself (PostgreSQL's search vector) are not the product's fields.
      expect(Object.keys(created?.changes ?? {})).not.toContain('search');

      const res = await t.request({
        method: 'PUT',
        url: `/api/products/${productId}`,
        headers: bearer(owner),
        payload: productBody(categoryId, { name: 'Earbuds', price: 2499, countInStock: 7 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = await t.request({
        method: 'GET',
        url: `/api/activity/product/${productId}`,
        headers: bearer(owner),
      });
      const [updated] = (page.json() as ActivityPage).entries;
      expect(updated?.action).toBe('update');
      expect(updated?.changes).toEqual({ price: [2999, 2499], countInStock: [12, 7] });
    });

    it('an update that changes nothing is still one entry, with no changes', async () => {
      const body = productBody(categoryId, { name: 'Earbuds', price: 2499, countInStock: 7 });
      const before = await entryCount(t);
      const res = await t.request({
        method: 'PUT',
        url: `/api/products/${productId}`,
        headers: bearer(owner),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(await entryCount(t)).toBe(before + 1);
      expect((await newest(t, owner, '?limit=1')).entries[0]?.changes).toEqual({});
    });

    it('changes of one record at the same time each log the value they changed (before = the previous entry’s after)', async () => {
      const stocks = [31, 32, 33, 34, 35, 36, 37, 38];
      const answers = await Promise.all(
        stocks.map((countInStock) =>
          t.request({
            method: 'PUT',
            url: `/api/products/${productId}`,
            headers: bearer(owner),
            payload: productBody(categoryId, { name: 'Earbuds', price: 2499, countInStock }),
          }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const page = await t.request({
        method: 'GET',
        url: `/api/activity/product/${productId}?limit=${stocks.length}`,
        headers: bearer(owner),
      });
      // Oldest first: each change starts from where the one committed before it left the product.
      const entries = (page.json() as ActivityPage).entries.reverse();
      expect(entries).toHaveLength(stocks.length);
      const chain = entries.map((entry) => entry.changes.countInStock);
      for (const [index, change] of chain.entries()) {
        expect(change, JSON.stringify(chain)).toBeDefined();
        if (index > 0) expect(change?.[0], JSON.stringify(chain)).toBe(chain[index - 1]?.[1]);
      }
      expect(new Set(chain.map((change) => change?.[1]))).toEqual(new Set(stocks));
    });
    it('an order’s update logs what it changed as the stored order shows it, one change after another', async () => {
      // The order service takes the order from the recorder's hands and tells it the row it left
      // (write-queue.ts, RecordInHand): the entries must still say exactly what the database holds.
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders/create',
        headers: bearer(owner),
        payload: orderBody([orderLine(productId, 1)]),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = String(placed.json().id);
      const price = Number(placed.json().products[0].price);
      const history = async (limit: number) => {
        const res = await t.request({
          method: 'GET',
          url: `/api/activity/order/${orderId}?limit=${limit}`,
          headers: bearer(owner),
        });
        return (res.json() as ActivityPage).entries;
      };
      const put = (payload: Record<string, unknown>) =>
        t.request({ method: 'PUT', url: `/api/orders/${orderId}`, headers: bearer(owner), payload });

      const confirmed = await put(orderBody([orderLine(productId, 1)], { status: 'confirm' }));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [status] = await history(1);
      expect(status).toMatchObject({
        action: 'status',
        entityName: 'Ravi Kumar',
        changes: { status: ['pending', 'confirm'] },
      });

      // Three of the product instead of one: the amount follows; the entry is an update.
      const more = await put(orderBody([orderLine(productId, 3)], { status: 'confirm', name: 'Ravi K.' }));
      expect(more.statusCode, more.body).toBe(200);
      const [update] = await history(1);
      expect(update?.action).toBe('update');
      expect(update?.entityName).toBe('Ravi K.');
      expect(update?.changes).toEqual({ name: ['Ravi Kumar', 'Ravi K.'], amount: [price, 3 * price] });
      expect(more.json()).toMatchObject({ amount: 3 * price, name: 'Ravi K.' });

      // Status changes of the one order at once: each entry starts where the one before it ended.
      const statuses = ['delivered', 'pending', 'confirm', 'delivered', 'pending', 'confirm'];
      const answers = await Promise.all(
        statuses.map((next) => put(orderBody([orderLine(productId, 3)], { status: next, name: 'Ravi K.' }))),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const chain = (await history(statuses.length)).reverse().map((entry) => entry.changes);
      let current: unknown = 'confirm';
      for (const changes of chain) {
        // Two requests asking for the same status one after the other: the second changes nothing.
        expect(
          Object.keys(changes).every((field) => field === 'status'),
          JSON.stringify(chain),
        ).toBe(true);
        if (!changes.status) continue;
        expect(changes.status[0], JSON.stringify(chain)).toBe(current);
        current = changes.status[1];
      }
      const stored = await t.request({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(owner) });
      expect(stored.json().status).toBe(current);
    });

    it('a refused or failed change writes none', async () => {
      const before = await entryCount(t);
      const refused = [
        // Invalid input (the spec's words), a record that does not exist, a name taken.
        await t.request({
          method: 'PUT',
          url: `/api/products/${productId}`,
          headers: bearer(owner),
          payload: productBody(categoryId, { name: '' }),
        }),
        await t.request({
          method: 'PUT',
          url: '/api/products/000000000000000000000000',
          headers: bearer(owner),
          payload: productBody(categoryId),
        }),
        await t.request({
          method: 'POST',
          url: '/api/category/create',
          headers: bearer(owner),
          payload: { name: 'Audio', slug: 'audio', color: '#112233', images: [imageUrl('a', 'categories')] },
        }),
        // Inside its unit of work: the invitation is claimed, then the address is found taken,
        // and the whole unit (claim and entry) is rolled back.
        await t.request({
          method: 'POST',
          url: '/api/staff/acceptInvite',
          headers: {},
          payload: {
            token: 'x'.repeat(40),
            name: 'N',
            phone: '1',
            password: 'p-password-1',
            confirmPassword: 'p-password-1',
          },
        }),
      ];
      for (const res of refused) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(await entryCount(t)).toBe(before);
    });

    it('a bulk edit whose unit fails part way writes no entry for any product (nor changes any)', async () => {
      const other = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(owner),
        payload: { name: 'Video', slug: 'video', color: '#112233', images: [imageUrl('video', 'categories')] },
      });
      const sub = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(owner),
        payload: { name: 'Speakers', slug: 'speakers', parentId: categoryId },
      });
      const tv = await t.request({
        method: 'POST',
        url: '/api/products/create',
        headers: bearer(owner),
        payload: productBody(other.json().id, { name: 'Television' }),
      });
      const before = await entryCount(t);
      // The sub category fits the first product and not the second: found while the unit runs.
      const res = await t.request({
        method: 'POST',
        url: '/api/products/bulk',
        headers: bearer(owner),
        payload: { ids: [productId, tv.json().id], set: { subCatId: sub.json().id, countInStock: 1 } },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(await entryCount(t)).toBe(before);
      const earbuds = await t.request({ method: 'GET', url: `/api/products/${productId}`, headers: bearer(owner) });
      expect(earbuds.json().subCatId).toBe('');
    });

    it('a unit of work that fails after writing leaves neither its writes nor an entry', async () => {
      const invite = await t.request({
        method: 'POST',
        url: '/api/staff/invite',
        headers: bearer(owner),
        payload: { email: 'late@shop.test', name: 'Late', role: 'viewer' },
      });
      const token = new URL(invite.json().inviteUrl).searchParams.get('token');
      // The address gets an account meanwhile: acceptance claims the invitation, then refuses.
      await createAdmin(t, 'late@shop.test');
      const before = await entryCount(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/staff/acceptInvite',
        payload: {
          token,
          name: 'Late',
          phone: '5550104',
          password: 'late-password-1',
          confirmPassword: 'late-password-1',
        },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(await entryCount(t)).toBe(before);
      const row = await t.app.ctx.db
        .selectFrom('staff_invites')
        .select('accepted_at')
        .where('email', '=', 'late@shop.test')
        .executeTakeFirstOrThrow();
      expect(row.accepted_at).toBeNull();
    });

    it('hides secrets: a password change says it changed, never the hash', async () => {
      const member = await createAdmin(t, 'secret@shop.test');
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/changePassword/${member.id}`,
        headers: bearer(member.token),
        payload: { password: 'admin-password-1', newPass: 'another-password-9' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = await t.request({ method: 'GET', url: `/api/activity/user/${member.id}`, headers: bearer(owner) });
      const [entry] = (page.json() as ActivityPage).entries;
      expect(entry?.changes).toEqual({ passwordHash: [hiddenValue, hiddenValue] });
      const hash = await userColumn(t, member.id, 'password_hash');
      expect(page.body).not.toContain(hash);
      expect(page.body).not.toContain('$argon2');
    });

    it('logs a failed sign-in (with or without an account), not the prompt for a two-step code', async () => {
      const before = await entryCount(t);
      const wrong = await t.request({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: ownerEmail, password: 'wrong-password' },
      });
      expect(wrong.statusCode).toBe(401);
      const nobody = await t.request({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'nobody@shop.test', password: 'wrong-password' },
      });
      expect(nobody.statusCode).toBe(401);
      const google = await t.request({
        method: 'POST',
        url: '/api/user/authWithGoogle',
        payload: { credential: 'forged', email: 'x@shop.test' },
      });
      expect(google.statusCode).toBe(401);
      expect(await entryCount(t)).toBe(before + 3);
      const { entries } = await newest(t, owner, '?action=signin_failed&limit=3');
      expect(entries.map((entry) => [entry.entityName, entry.actor?.email ?? null])).toEqual([
        ['x@shop.test', null],
        ['nobody@shop.test', null],
        ['Shop Owner', ownerEmail],
      ]);

      // An account with two-step sign-in: the right password without a code is a prompt.
      const member = await createAdmin(t, 'twostep@shop.test');
      await t.request({
        method: 'POST',
        url: '/api/user/2fa/setup',
        headers: bearer(member.token),
        payload: { password: 'admin-password-1' },
      });
      const secret = await userColumn(t, member.id, 'totp_pending_secret');
      await t.request({
        method: 'POST',
        url: '/api/user/2fa/enable',
        headers: bearer(member.token),
        payload: { otp: codeFor(secret) },
      });
      const count = await entryCount(t);
      const prompt = await t.request({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'twostep@shop.test', password: 'admin-password-1' },
      });
      expect(prompt.statusCode).toBe(401);
      expect(prompt.json().msg).toBe(securityMessages.otpRequired);
      expect(await entryCount(t)).toBe(count);
    });
  });

  describe('reading the log', () => {
    it('filters by who, what, when and which record, newest first, page by page with a cursor', async () => {
      const viewer = await createAdmin(t, 'reader@shop.test');
      const all: ActivityEntry[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: ActivityPage = await newest(t, owner, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.entries.length).toBeLessThanOrEqual(7);
        all.push(...page.entries);
        cursor = page.nextCursor;
      }
      expect(all.length).toBe(await entryCount(t));
      expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
      const times = all.map((entry) => entry.at);
      expect([...times].sort().reverse()).toEqual(times);

      const byAction = await newest(t, owner, '?action=delete');
      expect(byAction.entries.length).toBeGreaterThan(0);
      expect(byAction.entries.every((entry) => entry.action === 'delete')).toBe(true);
      const byEntity = await newest(t, owner, `?entity=${optionEntity('ram')}`);
      expect(byEntity.entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
      const byActor = await newest(t, owner, `?actor=${viewer.id}`);
      expect(byActor.entries.map((entry) => [entry.action, entry.entityId])).toEqual([
        ['signin', viewer.id],
        ['create', viewer.id],
      ]);
      const last = all[0];
      const byTime = await newest(t, owner, `?from=${encodeURIComponent(last?.at ?? '')}`);
      expect(byTime.entries.every((entry) => entry.at >= (last?.at ?? ''))).toBe(true);
      const none = await newest(t, owner, '?to=2000-01-01');
      expect(none).toEqual({ entries: [], nextCursor: null });

      // By entity alone or action alone (several index ranges merged, migration 091), by one
      // pair, by a person, page by page: exactly the whole log's entries of that kind, in order.
      const walk = async (filter: string) => {
        const seen: string[] = [];
        for (let next: string | null = ''; next !== null; ) {
          const page: ActivityPage = await newest(t, owner, `?${filter}&limit=2${next ? `&cursor=${next}` : ''}`);
          seen.push(...page.entries.map((entry) => entry.id));
          next = page.nextCursor;
        }
        return seen;
      };
      // The person with the most entries (the owner, who made the shop's records).
      const counts = new Map<string, number>();
      for (const entry of all) if (entry.actor) counts.set(entry.actor.id, (counts.get(entry.actor.id) ?? 0) + 1);
      const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      for (const [filter, keep] of [
        ['entity=product', (entry: ActivityEntry) => entry.entity === 'product'],
        ['entity=user', (entry: ActivityEntry) => entry.entity === 'user'],
        ['action=create', (entry: ActivityEntry) => entry.action === 'create'],
        ['action=delete', (entry: ActivityEntry) => entry.action === 'delete'],
        // One (entity, action) pair: a range of its own index, its cursor a bound of that range.
        [
          'entity=product&action=update',
          (entry: ActivityEntry) => entry.entity === 'product' && entry.action === 'update',
        ],
        [`actor=${busiest}`, (entry: ActivityEntry) => entry.actor?.id === busiest],
      ] as const) {
        const expected = all.filter(keep).map((entry) => entry.id);
        expect(expected.length, filter).toBeGreaterThan(2);
        expect(await walk(filter), filter).toEqual(expected);
      }
    });

    it('needs audit:read for the log; any staff member reads a record’s history', async () => {
      const viewer = await createAdmin(t, 'viewer-role@shop.test');
      await t.request({
        method: 'PUT',
        url: `/api/staff/${viewer.id}`,
        headers: bearer(owner),
        payload: { role: 'viewer' },
      });
      const token = await signIn(t, 'viewer-role@shop.test', 'admin-password-1');
      const log = await t.request({ method: 'GET', url: '/api/activity', headers: bearer(token) });
      expect(log.statusCode).toBe(403);
      expect(log.json()).toEqual({ error: true, msg: 'You do not have permission to do this' });
      const history = await t.request({
        method: 'GET',
        url: `/api/activity/user/${viewer.id}`,
        headers: bearer(token),
      });
      expect(history.statusCode).toBe(200);
      expect((history.json() as ActivityPage).entries.map((entry) => entry.action)).toEqual([
        'signin',
        'role',
        'signin',
        'create',
      ]);
      const anonymous = await t.request({ method: 'GET', url: `/api/activity/user/${viewer.id}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses bad filters with clear words and changes nothing', async () => {
      for (const [query, msg] of [
        ['?limit=0', 'limit must be a whole number from 1 to 200'],
        ['?limit=201', 'limit must be a whole number from 1 to 200'],
        ['?cursor=bm90LWEtY3Vyc29y', 'cursor is not one this server gave'],
        ['?from=yesterday', 'from must be a date and time (ISO 8601)'],
        ['?entity=widget', expect.stringContaining('entity must be one of')],
        ['?action=explode', expect.stringContaining('action must be one of')],
      ] as const) {
        const res = await t.request({ method: 'GET', url: `/api/activity${query}`, headers: bearer(owner) });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().msg, query).toEqual(msg);
      }
      const entries = await t.request({ method: 'DELETE', url: '/api/activity', headers: bearer(owner) });
      expect(entries.statusCode).toBe(404);
    });

    it('keeps entries ACTIVITY_DAYS (365 by default), then removes them', async () => {
      const before = await entryCount(t);
      expect(await pruneActivity(t.app.ctx)).toBe(0);
      t.advance(366 * 86_400_000);
      await signIn(t);
      expect(await pruneActivity(t.app.ctx)).toBe(before);
      expect(await entryCount(t)).toBe(1);
    });
  });
});
