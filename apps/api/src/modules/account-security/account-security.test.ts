import { messages, securityMessages } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  captureMailer,
  decodeBody,
  resetLinkIn,
  type SmtpCapture,
  startSmtpCapture,
  tokenOfLink,
} from '../../../test/mail-capture';
import { bearer, createAdmin, createTestApp, engineName, type TestApp } from '../../../test/test-app';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Body = Record<string, unknown>;
const minutes = (n: number) => n * 60_000;

const resetSent = { error: false, msg: 'If that address has an account, a reset link is on its way.' };
const resetInvalid = { error: true, msg: 'This reset link is invalid or has expired. Please ask for a new one.' };
const pleaseSignIn = { error: true, msg: 'Please sign in' };
const tooShort = 'Password must be at least 8 characters';
const tooCommon = 'This password is too common. Please choose another one.';

const forgot = (t: TestApp, email: unknown, extra: Partial<InjectOptions> = {}) =>
  t.request({ method: 'POST', url: '/api/user/forgotPassword', payload: { email }, ...extra });

const reset = (t: TestApp, payload: Body) => t.request({ method: 'POST', url: '/api/user/resetPassword', payload });

const resetWith = (t: TestApp, token: string, password: string) =>
  reset(t, { token, password, confirmPassword: password });

const signinRequest = (t: TestApp, email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/user/signin', payload: { email, password } });

/** A request only a live session may make: reading one's own record. */
const readSelf = (t: TestApp, token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });

async function tokenFor(t: TestApp, email: string, password: string): Promise<string> {
  const res = await signinRequest(t, email, password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

// ---------------------------------------------------------------------------------------------

describe(`forgotten password through a real SMTP server (${engineName})`, () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  const email = 'forgetful@shop.test';
  const firstPassword = 'first-pass-phrase';
  let userId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://shop.test' });
    userId = (await createAdmin(t, email, firstPassword)).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Asks for a link and reads it out of the message the SMTP server received. */
  async function requestLink(address = email, extra: Partial<InjectOptions> = {}) {
    const res = await forgot(t, address, extra);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(resetSent);
    const mail = await smtp.next();
    return { mail, link: resetLinkIn(mail.body) };
  }

  it('mails one link to PUBLIC_URL/reset-password/{token}, never to the request’s Host', async () => {
    const { mail, link } = await requestLink(email, {
      headers: { host: 'evil.test', 'x-forwarded-host': 'evil.test', origin: 'http://evil.test' },
    });
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@shopdesk.local');
    expect(mail.raw).toMatch(/^Subject: Reset your Shopdesk password\r?$/m);
    expect(mail.raw).toMatch(/^To: forgetful@shop\.test\r?$/m);
    expect(link).toMatch(/^http:\/\/shop\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.raw).not.toContain('evil.test');
    // The raw DATA, with quoted-printable soft line breaks joined, carries the same link.
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(link);
    expect(mail.body).toContain('within 30 minutes');
    // Nothing is sent beyond the one message.
    expect(smtp.received).toHaveLength(1);
  });

  it('changes the password with the link, once, and ends every session of the account', async () => {
    const before = [await tokenFor(t, email, firstPassword), await tokenFor(t, email, firstPassword)];
    for (const token of before) expect((await readSelf(t, token, userId)).statusCode).toBe(200);

    const { link } = await requestLink();
    const token = tokenOfLink(link);
    const res = await resetWith(t, token, 'second-pass-phrase');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Password changed' });

    for (const old of before) {
      const refused = await readSelf(t, old, userId);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(pleaseSignIn);
    }
    const oldPassword = await signinRequest(t, email, firstPassword);
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json()).toEqual({ error: true, msg: 'Invalid email or password' });
    const fresh = await tokenFor(t, email, 'second-pass-phrase');
    expect((await readSelf(t, fresh, userId)).statusCode).toBe(200);

    // Single use: the same link again is refused and changes nothing.
    const again = await resetWith(t, token, 'third-pass-phrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(resetInvalid);
    expect((await signinRequest(t, email, 'third-pass-phrase')).statusCode).toBe(401);
    expect((await readSelf(t, fresh, userId)).statusCode).toBe(200);
  });

  it('keeps a link valid for 30 minutes and refuses it after', async () => {
    const early = tokenOfLink((await requestLink()).link);
    t.advance(minutes(29));
    expect((await resetWith(t, early, 'fourth-pass-phrase')).statusCode).toBe(200);

    const late = tokenOfLink((await requestLink()).link);
    t.advance(minutes(31));
    const res = await resetWith(t, late, 'fifth-pass-phrase');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(resetInvalid);
    expect((await signinRequest(t, email, 'fourth-pass-phrase')).statusCode).toBe(200);
    expect((await signinRequest(t, email, 'fifth-pass-phrase')).statusCode).toBe(401);
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const sentBefore = smtp.received.length;
    for (const address of ['nobody@shop.test', 'NOBODY@Shop.Test ']) {
      const res = await forgot(t, address);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(resetSent);
    }
    // The handler waits for the SMTP server's answer, so a sent mail would already be here.
    expect(smtp.received).toHaveLength(sentBefore);
  });

  it('finds the account whatever the case of the address', async () => {
    const { mail } = await requestLink('  FORGETFUL@Shop.Test ');
    expect(mail.to).toEqual([email]);
  });

  it('refuses a made-up, truncated or blank token with the one message', async () => {
    const { link } = await requestLink();
    const real = tokenOfLink(link);
    for (const token of ['x'.repeat(43), real.slice(0, -1), `${real}x`, '', 'short']) {
      const res = await resetWith(t, token, 'sixth-pass-phrase');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(resetInvalid);
    }
    expect((await resetWith(t, real, 'sixth-pass-phrase')).statusCode).toBe(200);
  });
});

describe(`reset link without SMTP_URL or PUBLIC_URL (${engineName})`, () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('writes the message to the log, with a link to http://127.0.0.1:<PORT>', async () => {
    t = await createTestApp({ PORT: '4321' });
    await createAdmin(t, 'logged@shop.test', 'logged-pass-phrase');
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await forgot(t, 'logged@shop.test')).json()).toEqual(resetSent);
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, text] = warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toMatchObject({ event: 'mail.logged', to: 'logged@shop.test' });
    const link = resetLinkIn(text);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4321\/reset-password\//);
    expect((await resetWith(t, tokenOfLink(link), 'logged-pass-phrase-2')).statusCode).toBe(200);
    expect((await signinRequest(t, 'logged@shop.test', 'logged-pass-phrase-2')).statusCode).toBe(200);
  });

  it('uses 127.0.0.1 when the server listens on every interface, whatever the Host header', async () => {
    const capture = captureMailer();
    t = await createTestApp({ PORT: '8123', HOST: '0.0.0.0' }, { mailer: capture.mailer });
    await createAdmin(t, 'wild@shop.test', 'wild-pass-phrase');
    await forgot(t, 'wild@shop.test', { headers: { host: 'evil.test:80' } });
    expect(capture.sent).toHaveLength(1);
    expect(capture.sent[0]).toMatchObject({ to: 'wild@shop.test', subject: 'Reset your Shopdesk password' });
    expect(resetLinkIn(capture.sent[0]?.text ?? '')).toMatch(/^http:\/\/127\.0\.0\.1:8123\/reset-password\//);
  });

  it('uses PUBLIC_URL without its trailing slash', async () => {
    const capture = captureMailer();
    t = await createTestApp({ PUBLIC_URL: 'https://admin.shop.example/' }, { mailer: capture.mailer });
    await createAdmin(t, 'slash@shop.test', 'slash-pass-phrase');
    await forgot(t, 'slash@shop.test');
    expect(resetLinkIn(capture.sent[0]?.text ?? '')).toMatch(
      /^https:\/\/admin\.shop\.example\/reset-password\/[\w-]+$/,
    );
  });
});

describe(`forgotPassword rate limit (${engineName})`, () => {
  let t: TestApp;
  let capture: ReturnType<typeof captureMailer>;
  beforeAll(async () => {
    capture = captureMailer();
    t = await createTestApp({}, { mailer: capture.mailer, throttle: { accountFree: 3, ipFree: 100 } });
    await createAdmin(t, 'limited@shop.test', 'limited-pass-phrase');
  });
  afterAll(() => t.close());

  /** Asks until refused; returns the refusal and how many were answered before it. */
  async function askUntilRefused(email: string, extra: Partial<InjectOptions> = {}) {
    for (let answered = 0; answered < 20; answered += 1) {
      const res = await forgot(t, email, extra);
      if (res.statusCode !== 200) return { res, answered };
      expect(res.json()).toEqual(resetSent);
    }
    throw new Error('never refused');
  }

  it('refuses one address from one IP with 429 and Retry-After, known or not alike', async () => {
    const known = await askUntilRefused('limited@shop.test');
    expect(known.res.statusCode).toBe(429);
    expect(Number(known.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(known.res.json()).toMatchObject({ error: true, msg: expect.any(String) });
    expect(known.answered).toBeGreaterThanOrEqual(3);
    expect(capture.sent).toHaveLength(known.answered);

    const unknown = await askUntilRefused('ghost@shop.test');
    expect(unknown.res.statusCode).toBe(429);
    expect(unknown.answered).toBe(known.answered);
    expect(unknown.res.json()).toEqual(known.res.json());
  });

  it('still serves the same address from another IP, and again after the wait', async () => {
    const other = await forgot(t, 'limited@shop.test', { remoteAddress: '10.9.8.7' });
    expect(other.statusCode).toBe(200);
    const refused = await forgot(t, 'limited@shop.test');
    expect(refused.statusCode).toBe(429);
    t.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await forgot(t, 'limited@shop.test')).statusCode).toBe(200);
  });
});

describe(`resetPassword validation (${engineName})`, () => {
  let t: TestApp;
  let capture: ReturnType<typeof captureMailer>;
  let token: string;
  beforeAll(async () => {
    capture = captureMailer();
    t = await createTestApp({}, { mailer: capture.mailer });
    await createAdmin(t, 'validate@shop.test', 'validate-pass-phrase');
    await forgot(t, 'validate@shop.test');
    token = tokenOfLink(resetLinkIn(capture.sent[0]?.text ?? ''));
  });
  afterAll(() => t.close());

  it.each([
    ['a blank password', { password: '', confirmPassword: 'x' }, 'password can not be blank!'],
    ['a missing password', { confirmPassword: 'x' }, 'password can not be blank!'],
    ['a blank confirmation', { password: 'long-enough-1', confirmPassword: '' }, 'confirm password can not be blank!'],
    ['different passwords', { password: 'long-enough-1', confirmPassword: 'long-enough-2' }, 'password not match'],
    ['different short passwords', { password: 'short1', confirmPassword: 'short2' }, 'password not match'],
    ['a short password', { password: 'short1', confirmPassword: 'short1' }, tooShort],
    ['a common password', { password: 'password123', confirmPassword: 'password123' }, tooCommon],
    ['a common password in other case', { password: 'PassWord123', confirmPassword: 'PassWord123' }, tooCommon],
  ])('refuses %s with the right message and keeps the link usable', async (_name, body, msg) => {
    const res = await reset(t, { token, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg });
  });

  it('then accepts a good password with the same link', async () => {
    const res = await resetWith(t, token, 'a-good-new-phrase');
    expect(res.json()).toEqual({ error: false, msg: messages.passwordChanged });
    expect((await signinRequest(t, 'validate@shop.test', 'a-good-new-phrase')).statusCode).toBe(200);
  });
});

describe(`password rule on sign-up, change and reset (${engineName})`, () => {
  let t: TestApp;
  let capture: ReturnType<typeof captureMailer>;
  beforeAll(async () => {
    capture = captureMailer();
    t = await createTestApp({}, { mailer: capture.mailer });
  });
  afterAll(() => t.close());

  const signup = (email: string, password: string, overrides: Body = {}) =>
    t.request({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        name: 'Rule',
        email,
        phone: '5550100',
        password,
        confirmPassword: password,
        isAdmin: true,
        ...overrides,
      },
    });

  const weak: Array<[string, string]> = [
    ['short1', tooShort],
    ['7chars!', tooShort],
    ['password123', tooCommon],
    ['PassWord123', tooCommon],
    ['password', tooCommon],
    ['12345678', tooCommon],
  ];

  it.each(weak)('sign-up refuses %s', async (password, msg) => {
    const res = await signup('weak@shop.test', password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'FAILED', error: true, msg });
    expect((await signinRequest(t, 'weak@shop.test', password)).statusCode).toBe(401);
  });

  it('sign-up still gives the spec’s messages first', async () => {
    const blankName = await signup('order@shop.test', 'short1', { name: '' });
    expect(blankName.json()).toMatchObject({ status: 'FAILED', error: true, msg: 'name can not be blank!' });
    const blankPassword = await signup('order@shop.test', '');
    expect(blankPassword.json()).toMatchObject({ msg: 'password can not be blank!' });
    const mismatch = await signup('order@shop.test', 'short1', { confirmPassword: 'short2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ status: 'FAILED', error: true, msg: 'password not match' });
  });

  it('sign-up accepts a good password of exactly 8 characters', async () => {
    const res = await signup('good@shop.test', 'kq7vmz2p');
    expect(res.statusCode).toBe(201);
    expect((await signinRequest(t, 'good@shop.test', 'kq7vmz2p')).statusCode).toBe(200);
  });

  it('change password refuses weak new passwords and keeps the old one', async () => {
    const { id, token } = await createAdmin(t, 'changer@shop.test', 'changer-pass-phrase');
    for (const [newPass, msg] of weak) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/changePassword/${id}`,
        headers: bearer(token),
        payload: { password: 'changer-pass-phrase', newPass },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, msg });
    }
    expect((await signinRequest(t, 'changer@shop.test', 'changer-pass-phrase')).statusCode).toBe(200);
    const good = await t.request({
      method: 'PUT',
      url: `/api/user/changePassword/${id}`,
      headers: bearer(token),
      payload: { password: 'changer-pass-phrase', newPass: 'changer-new-phrase' },
    });
    expect(good.json()).toEqual({ error: false, msg: 'Password changed' });
    expect((await signinRequest(t, 'changer@shop.test', 'changer-new-phrase')).statusCode).toBe(200);
  });

  it('reset refuses weak passwords and accepts a good one', async () => {
    await createAdmin(t, 'resetter@shop.test', 'resetter-pass-phrase');
    await forgot(t, 'resetter@shop.test');
    const token = tokenOfLink(resetLinkIn(capture.sent.at(-1)?.text ?? ''));
    for (const [password, msg] of weak) {
      const res = await resetWith(t, token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, msg });
    }
    expect((await resetWith(t, token, 'resetter-new-phrase')).statusCode).toBe(200);
    expect((await signinRequest(t, 'resetter@shop.test', 'resetter-new-phrase')).statusCode).toBe(200);
  });
});

describe('mail-capture helper', () => {
  it('decodes quoted-printable soft line breaks and escapes', () => {
    const raw =
      'Subject: x\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nSee http://shop.test/reset-=\r\npassword/abc=3D_-1 now';
    expect(decodeBody(raw)).toBe('See http://shop.test/reset-password/abc=_-1 now');
    expect(securityMessages.resetSent).toBe(resetSent.msg);
  });
});
