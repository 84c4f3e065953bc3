import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src/lib/mailer';
import { totpFor } from '../../src/modules/account-security/totp';
import { createNonAdminToken, multipartUpload, pngImage } from '../catalogue-fixtures';
import { captureLog } from '../log-capture';
import { bearer, createTestApp, engineName, ownerEmail, ownerPassword, type TestApp } from '../test-app';

describe(`what the log says and never says (${engineName})`, () => {
  let t: TestApp;
  const mails: Mail[] = [];
  const { stream, text, lines, linesOf } = captureLog();

  const secrets: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: stream,
        mailer: async (mail) => {
          mails.push(mail);
        },
      },
    );
    const request = t.request.bind(t);
    const remember = (name: string, res: { headers: Record<string, unknown> }) => {
      ids[name] = String(res.headers['x-request-id']);
    };

    // Sign in: a success and a wrong password.
    const ok = await request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: ownerPassword },
    });
    expect(ok.statusCode).toBe(200);
    remember('signinOk', ok);
    const token = ok.json().token as string;
    const ownerId = ok.json().user.id as string;
    secrets.push(ownerPassword, token);
    const wrong = await request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: 'Wrong-Guess-4711' },
    });
    expect(wrong.statusCode).toBe(401);
    remember('signinFailed', wrong);
    secrets.push('Wrong-Guess-4711');

    // Refused access (401, 403) and a validation failure.
    const anonymous = await request({ method: 'GET', url: '/api/products' });
    expect(anonymous.statusCode).toBe(401);
    remember('refused401', anonymous);
    const nonAdmin = await createNonAdminToken(t);
    secrets.push(nonAdmin, 'admin-password-1');
    const forbidden = await request({ method: 'GET', url: '/api/products', headers: bearer(nonAdmin) });
    expect(forbidden.statusCode).toBe(403);
    remember('refused403', forbidden);
    const invalid = await request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: '' },
    });
    expect(invalid.statusCode).toBe(400);
    remember('validation', invalid);

    // A password change, a forgotten password, an upload, two-step sign-in.
    const newPassword = 'Brand-New-Secret-9931';
    secrets.push(newPassword);
    const changed = await request({
      method: 'PUT',
      url: `/api/user/changePassword/${ownerId}`,
      headers: bearer(token),
      payload: { password: ownerPassword, newPass: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const forgot = await request({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: ownerEmail } });
    expect(forgot.statusCode).toBe(200);
    const resetToken = /reset-password\/([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    expect(resetToken, mails.at(-1)?.text).toBeTruthy();
    secrets.push(String(resetToken));
    const upload = await request(multipartUpload('/api/user/upload', token, [await pngImage()]));
    expect(upload.statusCode).toBe(200);

    const setup = await request({
      method: 'POST',
      url: '/api/user/2fa/setup',
      headers: bearer(token),
      payload: { password: newPassword },
    });
    const secret = setup.json().secret as string;
    secrets.push(secret);
    const code = () => totpFor(secret, 'x').generate({ timestamp: t.app.ctx.clock() });
    const enabled = await request({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { otp: code() },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    secrets.push(...(enabled.json().recoveryCodes as string[]));
    t.advance(31_000);
    const second = await request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: ownerEmail, password: newPassword, otp: code() },
    });
    expect(second.statusCode, second.body).toBe(200);
    secrets.push(second.json().token as string);

    const hashes = await t.app.ctx.db.selectFrom('users').select(['password_hash', 'totp_secret']).execute();
    for (const row of hashes) {
      if (row.password_hash) secrets.push(row.password_hash);
      if (row.totp_secret) secrets.push(row.totp_secret);
    }
  });
  afterAll(() => t.close());

  it('logs sign-in successes and failures with the request id', () => {
    expect(linesOf(ids.signinOk).some((line) => line.event === 'signin.ok')).toBe(true);
    expect(linesOf(ids.signinFailed).some((line) => line.event === 'signin.failed')).toBe(true);
    expect(linesOf(ids.signinFailed).some((line) => line.msg === 'refused' && line.status === 401)).toBe(true);
  });

  it('logs refused access (401, 403) and validation failures with the request id', () => {
    expect(linesOf(ids.refused401).some((line) => line.msg === 'refused' && line.status === 401)).toBe(true);
    expect(linesOf(ids.refused403).some((line) => line.msg === 'refused' && line.status === 403)).toBe(true);
    expect(linesOf(ids.validation).some((line) => line.msg === 'validation failed')).toBe(true);
  });

  it('never writes a password, token, password hash, TOTP secret or recovery code', () => {
    expect(lines().length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThan(15);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      if (text().includes(secret)) expect.fail(`the log contains a secret: ${secret.slice(0, 12)}…`);
    }
    expect(text()).not.toContain('$argon2');
    expect(text().toLowerCase()).not.toMatch(/authorization":\s*"bearer/);
  });
});
