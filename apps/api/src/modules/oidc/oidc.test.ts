import fs from 'node:fs';
import path from 'node:path';
import { builtInRoles, messages, oidcMessages, securityMessages } from '@shopdesk/contract';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningOidcProvider, startOidcProvider } from '../../../../../e2e/support/oidc-provider';
import { bearer, createAdmin, createTestApp, type TestApp } from '../../../test/test-app';
import { totpFor } from '../account-security/totp';
import { answerAtProvider, callback, popupSignIn, publicUrl, redirectUri, startAtShop } from './oidc-test-flow';
import { pictureLimits } from './profile-picture';

let idp: RunningOidcProvider;
let t: TestApp;
const opened: TestApp[] = [];

async function shopApp(env: Record<string, string> = {}) {
  const app = await createTestApp({ ...idp.env, PUBLIC_URL: publicUrl, ...env });
  opened.push(app);
  return app;
}

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri });
  t = await shopApp();
});
afterAll(async () => {
  for (const app of opened) await app.close();
  await idp?.close();
});

const authWithGoogle = (app: TestApp, payload: Record<string, unknown>) =>
  app.request({ method: 'POST', url: '/api/user/authWithGoogle', payload });

/** The dashboard's body after a popup sign-in (spec §3 Google payload + credential). */
const googleBody = (data: { credential?: string; profile?: { name: string; email: string; picture: string } }) => ({
  name: data.profile?.name,
  email: data.profile?.email,
  password: null,
  images: data.profile?.picture,
  phone: '',
  isAdmin: true,
  credential: data.credential,
});

const accountOf = (app: TestApp, email: string) =>
  app.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('GET /api/auth/oidc/start', () => {
  it('sends the popup to the provider with PKCE, state and nonce, kept in a signed HttpOnly cookie', async () => {
    const { authorizeUrl, setCookie } = await startAtShop(t);
    const url = new URL(authorizeUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toMatch(
      /^shopdesk_oidc=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const secureShop = await shopApp({ PUBLIC_URL: 'https://shop.test' });
    const res = await secureShop.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
  });

  it('says sign-in is not set up when OIDC_CLIENT_ID/SECRET are missing', async () => {
    const bare = await createTestApp();
    opened.push(bare);
    const res = await bare.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(oidcMessages.notConfigured);
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('hands the opener the verified profile and a credential, through a page without inline script', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const { res, data } = await callback(t, await answerAtProvider(authorizeUrl, 'asha.rao@shop.test'), stateCookie);
    expect(res.statusCode).toBe(200);
    expect(data.profile).toEqual({
      name: 'Asha Rao',
      email: 'asha.rao@shop.test',
      picture: `${idp.issuer}/avatars/asha.rao%40shop.test.png`,
    });
    expect(data.credential).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['set-cookie'])).toContain('shopdesk_oidc=; Path=/api/auth/oidc; Max-Age=0');
    const relay = await t.request({ method: 'GET', url: '/api/auth/oidc/relay.js' });
    expect(relay.body).toContain('postMessage(JSON.parse(block.textContent), window.location.origin)');
    expect(relay.body).not.toContain("'*'");
  });

  it('refuses a state that is not the one in the cookie', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const query = await answerAtProvider(authorizeUrl, 'asha.rao@shop.test');
    query.set('state', 'somebody-elses-state-value');
    const { res, data } = await callback(t, query, stateCookie);
    expect(res.statusCode).toBe(400);
    expect(data).toEqual({ type: 'shopdesk-oidc', error: oidcMessages.stateInvalid });
  });

  it('refuses an answer without the state cookie, or with an expired one', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const query = await answerAtProvider(authorizeUrl, 'asha.rao@shop.test');
    expect((await callback(t, query)).data.error).toBe(oidcMessages.stateInvalid);
    const forged = `${stateCookie.slice(0, -4)}AAAA`;
    expect((await callback(t, query, forged)).data.error).toBe(oidcMessages.stateInvalid);
    t.advance(11 * 60_000);
    const late = await callback(t, query, stateCookie);
    expect(late.data).toEqual({ type: 'shopdesk-oidc', error: oidcMessages.stateInvalid });
  });

  it('refuses a code used twice', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const query = await answerAtProvider(authorizeUrl, 'asha.rao@shop.test');
    expect((await callback(t, query, stateCookie)).data.credential).toBeTruthy();
    const again = await callback(t, query, stateCookie);
    expect(again.res.statusCode).toBe(400);
    expect(again.data.credential).toBeUndefined();
    expect(again.data.error).toBe('grant request is invalid');
  });

  it('refuses an ID token carrying another nonce', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const tampered = new URL(authorizeUrl);
    tampered.searchParams.set('nonce', 'a-nonce-shopdesk-never-made');
    const { res, data } = await callback(t, await answerAtProvider(tampered.href, 'asha.rao@shop.test'), stateCookie);
    expect(res.statusCode).toBe(400);
    expect(data).toEqual({ type: 'shopdesk-oidc', error: oidcMessages.signInFailed });
  });

  it('refuses an ID token issued to another client (audience)', async () => {
    idp.tamperIdTokens((claims) => ({ ...claims, aud: idp.otherClient.clientId }));
    try {
      const data = await popupSignIn(t, 'asha.rao@shop.test');
      expect(data).toEqual({ type: 'shopdesk-oidc', error: oidcMessages.signInFailed });
    } finally {
      idp.tamperIdTokens(undefined);
    }
  });

  it('refuses an ID token from another issuer', async () => {
    idp.tamperIdTokens((claims) => ({ ...claims, iss: 'https://accounts.example.org' }));
    try {
      expect((await popupSignIn(t, 'asha.rao@shop.test')).error).toBe(oidcMessages.signInFailed);
    } finally {
      idp.tamperIdTokens(undefined);
    }
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const query = await answerAtProvider(authorizeUrl, 'asha+unverified@shop.test');
    const { res, data } = await callback(t, query, stateCookie);
    expect(res.statusCode).toBe(403);
    expect(data).toEqual({ type: 'shopdesk-oidc', error: oidcMessages.emailNotVerified });
  });

  it("passes on the provider's own message when the sign-in fails there", async () => {
    const { authorizeUrl, stateCookie } = await startAtShop(t);
    const { data } = await callback(t, await answerAtProvider(authorizeUrl, 'cancel'), stateCookie);
    expect(data).toEqual({ type: 'shopdesk-oidc', error: 'The sign-in was cancelled at the identity provider' });
  });
});

describe('POST /api/user/authWithGoogle', () => {
  it('refuses a body without a credential, and creates nothing', async () => {
    const res = await authWithGoogle(t, { ...googleBody({}), name: 'Mallory', email: 'mallory@shop.test' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: true, msg: oidcMessages.credentialInvalid });
    expect(await accountOf(t, 'mallory@shop.test')).toBeUndefined();
  });

  it('refuses a credential signed with another key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email: 'mallory@shop.test', name: 'Mallory', picture: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('shopdesk')
      .setAudience('shopdesk-google-credential')
      .setSubject('mallory')
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
    const res = await authWithGoogle(t, { email: 'mallory@shop.test', credential: forged });
    expect(res.statusCode).toBe(401);
    expect(await accountOf(t, 'mallory@shop.test')).toBeUndefined();
  });

  it('refuses a session token offered as a credential', async () => {
    const { token } = await createAdmin(t, 'session.holder@shop.test');
    expect((await authWithGoogle(t, { credential: token })).statusCode).toBe(401);
  });

  it('refuses a credential older than two minutes', async () => {
    const data = await popupSignIn(t, 'slow.user@shop.test');
    t.advance(121_000);
    const res = await authWithGoogle(t, googleBody(data));
    expect(res.statusCode).toBe(401);
    expect(await accountOf(t, 'slow.user@shop.test')).toBeUndefined();
  });

  it("refuses a body naming another e-mail than the credential's", async () => {
    const data = await popupSignIn(t, 'honest.user@shop.test');
    const res = await authWithGoogle(t, { ...googleBody(data), email: ownerLike });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: true, msg: oidcMessages.emailMismatch });
    expect(await accountOf(t, 'honest.user@shop.test')).toBeUndefined();
  });

  it('creates the administrator on first use (name, picture, no password), then signs the same one in', async () => {
    const data = await popupSignIn(t, 'new.admin@shop.test');
    const first = await authWithGoogle(t, googleBody(data));
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({
      error: false,
      msg: 'User Authenticated',
      // A first Google sign-in gives SIGNUP_ROLE (manager) (api.md §10).
      user: { name: 'New Admin', email: 'new.admin@shop.test', isAdmin: true, role: 'manager' },
    });
    const profile = await t.request({
      method: 'GET',
      url: `/api/user/${answer.user.id}`,
      headers: bearer(answer.token),
    });
    // The provider's picture, copied into the shop's store: never another site's URL (issue 17).
    expect(data.profile?.picture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/avatars\//);
    expect(profile.json()).toMatchObject({ name: 'New Admin', phone: '' });
    expect(profile.json().images).toEqual([expect.stringMatching(ownPicture)]);
    expect((await accountOf(t, 'new.admin@shop.test'))?.password_hash).toBeNull();
    // A password sign-in cannot reach an account that has none.
    const signin = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'new.admin@shop.test', password: 'any-password-1' },
    });
    expect(signin.statusCode).toBe(401);

    const again = await authWithGoogle(t, googleBody(await popupSignIn(t, 'new.admin@shop.test')));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(answer.user.id);
    expect(again.json().token).not.toBe(answer.token);
  });

  it('signs in an account made by the sign-up form', async () => {
    const { id } = await createAdmin(t, 'form.user@shop.test');
    const res = await authWithGoogle(t, googleBody(await popupSignIn(t, 'form.user@shop.test')));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id,
      name: 'form.user',
      email: 'form.user@shop.test',
      isAdmin: true,
      role: 'manager',
      permissions: [...builtInRoles.manager].sort(),
    });
  });

  it('counts as the first factor only when two-step sign-in is on', async () => {
    const { token } = await createAdmin(t, 'two.step@shop.test');
    const setup = await t.request({
      method: 'POST',
      url: '/api/user/2fa/setup',
      headers: bearer(token),
      payload: { password: 'admin-password-1' },
    });
    const totp = totpFor(setup.json().secret, 'two.step@shop.test');
    const code = () => totp.generate({ timestamp: t.app.ctx.clock() });
    await t.request({ method: 'POST', url: '/api/user/2fa/enable', headers: bearer(token), payload: { otp: code() } });
    t.advance(30_000);
    const body = googleBody(await popupSignIn(t, 'two.step@shop.test'));
    const first = await authWithGoogle(t, body);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ error: true, msg: securityMessages.otpRequired, twoFactorRequired: true });
    expect((await authWithGoogle(t, { ...body, otp: '000000' })).statusCode).toBe(401);
    const second = await authWithGoogle(t, { ...body, otp: code() });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.email).toBe('two.step@shop.test');
  });

  it('refuses a shop customer', async () => {
    await t.request({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        name: 'Cus',
        email: 'customer@shop.test',
        phone: '1',
        password: 'pass-word-1',
        confirmPassword: 'pass-word-1',
        isAdmin: false,
      },
    });
    const res = await authWithGoogle(t, googleBody(await popupSignIn(t, 'customer@shop.test')));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, msg: messages.notAdmin });
  });

  it('creates no account for an address SIGNUP_ALLOW does not admit', async () => {
    const strict = await shopApp({ SIGNUP_ALLOW: '@allowed.test' });
    const refused = await authWithGoogle(strict, googleBody(await popupSignIn(strict, 'outsider@elsewhere.test')));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, msg: messages.signupNotAllowed });
    expect(await accountOf(strict, 'outsider@elsewhere.test')).toBeUndefined();
    const admitted = await authWithGoogle(strict, googleBody(await popupSignIn(strict, 'insider@allowed.test')));
    expect(admitted.statusCode).toBe(200);
  });

  it('follows closed sign-up without SIGNUP_ALLOW: no new account, existing ones still sign in (issue 18)', async () => {
    const closed = await shopApp({ SIGNUP_ALLOW: '' });
    const refused = await authWithGoogle(closed, googleBody(await popupSignIn(closed, 'newcomer@shop.test')));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, msg: messages.signupClosed });
    expect(await accountOf(closed, 'newcomer@shop.test')).toBeUndefined();
    const owner = await authWithGoogle(closed, googleBody(await popupSignIn(closed, 'owner@shop.test')));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ email: 'owner@shop.test', isAdmin: true });
  });
});

describe('the profile picture at the first Google sign-in (issue 17)', () => {
  const imagesOf = async (app: TestApp, email: string) => JSON.parse((await accountOf(app, email))?.images ?? 'null');
  const filesIn = (app: TestApp) => fs.readdirSync(path.join(app.config.uploadsDir, 'users'), { withFileTypes: true });

  it('is copied into the store through the upload pipeline and served from /uploads', async () => {
    const res = await authWithGoogle(t, googleBody(await popupSignIn(t, 'picture.copy@shop.test')));
    expect(res.statusCode).toBe(200);
    const [stored] = await imagesOf(t, 'picture.copy@shop.test');
    expect(stored).toMatch(/^\/uploads\/users\/[0-9a-f]{24}\.png$/);
    const served = await t.request({ method: 'GET', url: stored });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(48);
    const small = await t.request({ method: 'GET', url: stored.replace('.png', '.small.webp') });
    expect(small.statusCode).toBe(200);
    // Held by the account, not left in its temporary upload store.
    const store = await t.request({ method: 'GET', url: '/api/imageUpload', headers: bearer(res.json().token) });
    expect(store.json()).toEqual([]);
  });

  it.each([
    ['the provider has none (404)', 'no+nopicture@shop.test'],
    ['it is larger than the bound (12 MB, no length declared)', 'big+hugepicture@shop.test'],
  ])('is left out when %s: the account is made without one', async (_, email) => {
    const before = filesIn(t).length;
    const res = await authWithGoogle(t, googleBody(await popupSignIn(t, email)));
    expect(res.statusCode).toBe(200);
    expect(await imagesOf(t, email)).toEqual([]);
    expect(filesIn(t).length).toBe(before);
  });

  it(
    'is left out when the provider does not finish sending it in time',
    async () => {
      const started = Date.now();
      const res = await authWithGoogle(t, googleBody(await popupSignIn(t, 'slow+slowpicture@shop.test')));
      expect(res.statusCode).toBe(200);
      expect(await imagesOf(t, 'slow+slowpicture@shop.test')).toEqual([]);
      expect(Date.now() - started).toBeLessThan(pictureLimits.timeoutMs + 4_000);
    },
    pictureLimits.timeoutMs + 10_000,
  );
});

const ownPicture = /^http:\/\/shop\.test\/uploads\/users\/[0-9a-f]{24}\.png$/;
const ownerLike = 'owner@shop.test';
