import { builtInRoles, messages, productMessages, staffMessages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, productBody } from '../../../test/catalogue-fixtures';
import { captureMailer } from '../../../test/mail-capture';
import {
  bearer,
  createAdmin,
  createTestApp,
  engineName,
  ownerEmail,
  signIn,
  type TestApp,
} from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const days = (n: number) => n * 24 * 3_600_000;
const noPermission = { error: true, msg: staffMessages.noPermission };
const pleaseSignIn = { error: true, msg: messages.pleaseSignIn };
const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token') ?? '';
const joining = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  name: 'Ravi',
  phone: '5550111',
  password: 'joining-pass-42',
  confirmPassword: 'joining-pass-42',
  ...overrides,
});

describe(`staff: invitations, roles, deactivation (${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let capture: ReturnType<typeof captureMailer>;

  beforeAll(async () => {
    capture = captureMailer();
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { mailer: capture.mailer });
    owner = await signIn(t);
    ownerId = (
      await t.request({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: ownerEmail, password: 'owner-password-1' },
      })
    ).json().user.id;
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const invite = (payload: object, token = owner) => call(token, 'POST', '/api/staff/invite', payload);
  const accept = (payload: object) => t.request({ method: 'POST', url: '/api/staff/acceptInvite', payload });
  const staffList = async () => (await call(owner, 'GET', '/api/staff')).json() as Array<Record<string, unknown>>;

  it('invites by a mailed single-use link (PUBLIC_URL), lists the invitation, and accepting it signs in with the role', async () => {
    const res = await invite({ email: 'Ravi@Shop.test', name: 'Ravi', role: 'clerk' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, inviteUrl } = res.json();
    expect(inviteUrl).toMatch(/^https:\/\/shop\.example\/accept-invite\?token=[\w-]{40,}$/);
    await expect.poll(() => capture.sent.length).toBe(1);
    expect(capture.sent[0]).toMatchObject({ to: 'ravi@shop.test' });
    expect(capture.sent[0]?.text).toContain(inviteUrl);

    const pending = (await staffList()).find((member) => member.id === id);
    expect(pending).toMatchObject({
      email: 'ravi@shop.test',
      role: 'clerk',
      invited: true,
      active: false,
      lastSeenAt: null,
    });

    const joined = await accept(joining(tokenOf(inviteUrl)));
    expect(joined.statusCode, joined.body).toBe(200);
    const answer = joined.json();
    expect(answer).toMatchObject({
      error: false,
      msg: messages.userAuthenticated,
      token: expect.any(String),
      user: {
        name: 'Ravi',
        email: 'ravi@shop.test',
        isAdmin: true,
        role: 'clerk',
        permissions: [...builtInRoles.clerk].sort(),
      },
    });
    // The token works, with the clerk's rights only.
    const me = await call(answer.token, 'GET', `/api/user/${answer.user.id}`);
    expect(me.json()).toMatchObject({ role: 'clerk', permissions: [...builtInRoles.clerk].sort() });
    const category = await call(answer.token, 'POST', '/api/category/create', { name: 'X', color: '#fff', images: [] });
    expect(category.statusCode).toBe(403);
    expect(category.json()).toEqual(noPermission);

    const used = await accept(joining(tokenOf(inviteUrl), { name: 'Again' }));
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ error: true, msg: staffMessages.inviteInvalid });
    const listed = (await staffList()).filter((member) => member.email === 'ravi@shop.test');
    expect(listed).toEqual([
      expect.objectContaining({ invited: false, active: true, role: 'clerk', lastSeenAt: expect.any(String) }),
    ]);
  });

  it('takes the sign-up form’s rules: blanks, mismatch, weak password; a refused attempt leaves the link usable', async () => {
    const { inviteUrl } = (await invite({ email: 'asha@shop.test', name: 'Asha', role: 'editor' })).json();
    const token = tokenOf(inviteUrl);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, messages.nameBlank],
      [{ phone: '' }, messages.phoneBlank],
      [{ confirmPassword: 'something-else-9' }, messages.passwordNotMatch],
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await accept(joining(token, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const unknown = await accept(joining('not-a-real-token'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: true, msg: staffMessages.inviteInvalid });
    expect((await accept(joining(token, { name: 'Asha' }))).statusCode).toBe(200);
  });

  it('expires an invitation after 7 days, and a newer invitation of an address replaces the older', async () => {
    const first = (await invite({ email: 'late@shop.test', name: 'Late', role: 'viewer' })).json();
    const second = (await invite({ email: 'late@shop.test', name: 'Late', role: 'editor' })).json();
    const replaced = await accept(joining(tokenOf(first.inviteUrl)));
    expect(replaced.statusCode).toBe(400);
    const listed = (await staffList()).filter((member) => member.email === 'late@shop.test');
    expect(listed).toEqual([expect.objectContaining({ id: second.id, role: 'editor', invited: true })]);
    t.advance(days(7) + 1000);
    try {
      const expired = await accept(joining(tokenOf(second.inviteUrl)));
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ error: true, msg: staffMessages.inviteInvalid });
      owner = await signIn(t);
      expect((await staffList()).some((member) => member.email === 'late@shop.test')).toBe(false);
    } finally {
      t.advance(-(days(7) + 1000));
    }
    owner = await signIn(t);
  });

  it('refuses to invite an existing account (409), to an unknown role (400) or to the owner role (409)', async () => {
    const taken = await invite({ email: ownerEmail, name: 'Me', role: 'viewer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: true, msg: staffMessages.alreadyMember });
    const unknown = await invite({ email: 'new@shop.test', name: 'New', role: 'wizard' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: true, msg: staffMessages.roleNotFound });
    const ownerRole = await invite({ email: 'new@shop.test', name: 'New', role: 'owner' });
    expect(ownerRole.statusCode).toBe(409);
    expect(ownerRole.json()).toEqual({ error: true, msg: staffMessages.ownerRoleReserved });
    const blank = await invite({ email: '', name: 'New', role: 'viewer' });
    expect(blank.statusCode).toBe(400);
  });

  it('a role change reaches the member’s very next request, both ways', async () => {
    const member = await createAdmin(t, 'switch@shop.test');
    const category = await createCategory(t, owner, 'Switches');
    const create = () =>
      call(member.token, 'POST', '/api/products/create', productBody(category.id, { name: `P${Math.random()}` }));
    expect((await create()).statusCode).toBe(201);
    const toViewer = await call(owner, 'PUT', `/api/staff/${member.id}`, { role: 'viewer' });
    expect(toViewer.statusCode).toBe(200);
    expect(toViewer.json()).toMatchObject({ id: member.id, role: 'viewer', active: true, invited: false });
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(noPermission);
    // Reads stay open to a viewer.
    expect((await call(member.token, 'GET', '/api/products')).statusCode).toBe(200);
    expect((await call(owner, 'PUT', `/api/staff/${member.id}`, { role: 'editor' })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    const del = await call(member.token, 'DELETE', '/api/products/ffffffffffffffffffffffff');
    expect(del.json()).toEqual({ error: true, msg: productMessages.onlyOwnerDeletes });
  });

  it('deactivation ends every session at once (401 on the next request) and stops sign-in; reactivation lets them back', async () => {
    const member = await createAdmin(t, 'leaver@shop.test', 'leaver-pass-42');
    const second = await signIn(t, 'leaver@shop.test', 'leaver-pass-42');
    expect((await call(member.token, 'GET', '/api/products/get/count')).statusCode).toBe(200);
    const off = await call(owner, 'PUT', `/api/staff/${member.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: member.id, active: false });
    for (const token of [member.token, second]) {
      const res = await call(token, 'GET', '/api/products/get/count');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(pleaseSignIn);
    }
    const signin = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'leaver@shop.test', password: 'leaver-pass-42' },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json()).toEqual({ error: true, msg: staffMessages.deactivated });
    expect((await call(owner, 'PUT', `/api/staff/${member.id}`, { active: true })).statusCode).toBe(200);
    expect((await signIn(t, 'leaver@shop.test', 'leaver-pass-42')).length).toBeGreaterThan(20);
  });

  it('never deactivates or demotes the owner (409), and the owner role is the owner’s alone', async () => {
    for (const body of [{ active: false }, { role: 'manager' }, { role: 'viewer', active: true }]) {
      const res = await call(owner, 'PUT', `/api/staff/${ownerId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ error: true, msg: staffMessages.ownerFixed });
    }
    const member = await createAdmin(t, 'climber@shop.test');
    const promote = await call(owner, 'PUT', `/api/staff/${member.id}`, { role: 'owner' });
    expect(promote.statusCode).toBe(409);
    expect(promote.json()).toEqual({ error: true, msg: staffMessages.ownerRoleReserved });
    const ownerEntry = (await staffList()).find((entry) => entry.id === ownerId);
    expect(ownerEntry).toMatchObject({ role: 'owner', active: true, email: ownerEmail });
    expect((await call(owner, 'GET', '/api/products/get/count')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown member, and refuses staff routes without staff:manage', async () => {
    const unknown = await call(owner, 'PUT', '/api/staff/ffffffffffffffffffffffff', { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: true, msg: staffMessages.memberNotFound });
    const manager = await createAdmin(t, 'plain-manager@shop.test');
    for (const res of [
      await call(manager.token, 'GET', '/api/staff'),
      await invite({ email: 'x@shop.test', name: 'X', role: 'viewer' }, manager.token),
      await call(manager.token, 'PUT', `/api/staff/${manager.id}`, { role: 'editor' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(noPermission);
    }
  });

  it('withdraws an open invitation (active:false) and changes its role', async () => {
    const { id, inviteUrl } = (await invite({ email: 'maybe@shop.test', name: 'Maybe', role: 'viewer' })).json();
    const changed = await call(owner, 'PUT', `/api/staff/${id}`, { role: 'editor' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, role: 'editor', invited: true });
    const withdrawn = await call(owner, 'PUT', `/api/staff/${id}`, { active: false });
    expect(withdrawn.statusCode).toBe(200);
    expect((await staffList()).some((entry) => entry.id === id)).toBe(false);
    expect((await accept(joining(tokenOf(inviteUrl)))).statusCode).toBe(400);
  });
});

describe(`SIGNUP_ROLE (${engineName})`, () => {
  it('gives self sign-up the configured role', async () => {
    const t = await createTestApp({ SIGNUP_ROLE: 'viewer' });
    try {
      const member = await createAdmin(t, 'self@shop.test');
      const me = await t.request({ method: 'GET', url: `/api/user/${member.id}`, headers: bearer(member.token) });
      expect(me.json()).toMatchObject({ role: 'viewer', permissions: [] });
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a role that does not exist', async () => {
    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        ADMIN_EMAIL: ownerEmail,
        ADMIN_PASSWORD: 'owner-password-1',
        SEED: 'none',
        SIGNUP_ROLE: 'nobody',
      });
      await expect(buildApp(config, { logger: false, sweep: false })).rejects.toThrow(/SIGNUP_ROLE nobody/);
    } finally {
      await database.drop();
    }
  });
});
