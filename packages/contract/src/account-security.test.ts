import { describe, expect, it } from 'vitest';
import {
  disableTwoFactorBodySchema,
  forgotPasswordBodySchema,
  minPasswordLength,
  otpBodySchema,
  recoveryCodesSchema,
  resetPasswordBodySchema,
  securityMessages,
  sessionSchema,
  twoFactorSetupSchema,
} from './account-security';
import { fieldMessages, firstMessage } from './common';
import { signinBodySchema, signinResponseSchema } from './users';

/** The first message of a parse, or undefined when the input passes. */
function messageOf(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? undefined : firstMessage(result.error as Parameters<typeof firstMessage>[0]);
}

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('securityMessages', () => {
  it('keeps the words the issue and the dashboard use', () => {
    expect(securityMessages).toMatchObject({
      resetSent: 'If that address has an account, a reset link is on its way.',
      resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
      passwordTooShort: 'Password must be at least 8 characters',
      passwordTooCommon: 'This password is too common. Please choose another one.',
      otpRequired: 'Enter the 6-digit code from your authenticator app',
      otpWrong: 'That code is not right. Please try again.',
      twoFactorRequired: 'Two-step sign-in is required for administrators. Turn it on in My Account.',
    });
    expect(minPasswordLength).toBe(8);
  });
});

describe('forgotPasswordBodySchema', () => {
  it('trims and lowercases the address', () => {
    expect(forgotPasswordBodySchema.parse({ email: '  Asha@Shop.Test ' })).toEqual({ email: 'asha@shop.test' });
  });

  it.each([{}, { email: '' }, { email: '   ' }, { email: null }, { email: 42 }])('refuses %j as blank', (body) => {
    expect(messageOf(forgotPasswordBodySchema, body)).toBe('email can not be blank!');
  });
});

describe('resetPasswordBodySchema', () => {
  const good = { token, password: 'a-good-phrase', confirmPassword: 'a-good-phrase' };

  it('passes a full body (the password rule is the server’s)', () => {
    expect(resetPasswordBodySchema.parse(good)).toEqual(good);
    expect(resetPasswordBodySchema.safeParse({ ...good, password: 'short1', confirmPassword: 'short1' }).success).toBe(
      true,
    );
  });

  it.each([
    ['a missing token', { ...good, token: undefined }, securityMessages.resetInvalid],
    ['a blank token', { ...good, token: '' }, securityMessages.resetInvalid],
    ['a short token', { ...good, token: 'abc' }, securityMessages.resetInvalid],
    ['an over-long token', { ...good, token: 'a'.repeat(201) }, undefined],
    ['a blank password', { ...good, password: '' }, 'password can not be blank!'],
    ['a missing password', { token, confirmPassword: 'x' }, 'password can not be blank!'],
    ['a blank confirmation', { ...good, confirmPassword: '' }, 'confirm password can not be blank!'],
    ['different passwords', { ...good, confirmPassword: 'a-good-phrase!' }, 'password not match'],
  ])('refuses %s', (_name, body, msg) => {
    const result = resetPasswordBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    if (msg) expect(firstMessage(result.error as Parameters<typeof firstMessage>[0])).toBe(msg);
  });

  it('names confirmPassword for a mismatch', () => {
    const result = resetPasswordBodySchema.safeParse({ ...good, confirmPassword: 'other-phrase' });
    expect(fieldMessages(result.error as Parameters<typeof fieldMessages>[0])).toEqual({
      confirmPassword: 'password not match',
    });
  });
});

describe('otpBodySchema and disableTwoFactorBodySchema', () => {
  it('trims the code and refuses a blank one', () => {
    expect(otpBodySchema.parse({ otp: ' 123456 ' })).toEqual({ otp: '123456' });
    for (const body of [{}, { otp: '' }, { otp: '   ' }, { otp: 123456 }]) {
      expect(messageOf(otpBodySchema, body)).toBe('Please enter the 6-digit code');
    }
    expect(otpBodySchema.safeParse({ otp: 'x'.repeat(65) }).success).toBe(false);
  });

  it('needs the password, then the code', () => {
    expect(messageOf(disableTwoFactorBodySchema, {})).toBe('Please fill all the details');
    expect(messageOf(disableTwoFactorBodySchema, { password: 'pw' })).toBe('Please enter the 6-digit code');
    expect(disableTwoFactorBodySchema.parse({ password: 'pw', otp: '123456' })).toEqual({
      password: 'pw',
      otp: '123456',
    });
  });
});

describe('sign-in with a code', () => {
  it('takes an optional otp', () => {
    expect(signinBodySchema.parse({ email: 'a@b.test', password: 'pw', otp: '123456' }).otp).toBe('123456');
    expect(signinBodySchema.parse({ email: 'a@b.test', password: 'pw' }).otp).toBeUndefined();
  });

  it('answers with twoFactorSetupRequired only when asked to', () => {
    const answer = {
      error: false,
      msg: 'User Authenticated',
      token: 't',
      user: { id: '1', name: 'A', email: 'a@b.test', isAdmin: true },
    };
    expect(signinResponseSchema.parse(answer)).toEqual(answer);
    expect(signinResponseSchema.parse({ ...answer, twoFactorSetupRequired: true }).twoFactorSetupRequired).toBe(true);
  });
});

describe('answer shapes', () => {
  it('describes setup, recovery codes and sessions', () => {
    expect(
      twoFactorSetupSchema.safeParse({
        otpauthUrl: 'otpauth://totp/x',
        secret: 'ABC',
        qrCode: 'data:image/png;base64,',
      }).success,
    ).toBe(true);
    expect(recoveryCodesSchema.safeParse({ error: false, msg: 'on', recoveryCodes: ['a'] }).success).toBe(true);
    expect(recoveryCodesSchema.safeParse({ error: true, msg: 'on', recoveryCodes: [] }).success).toBe(false);
    const session = {
      id: 's1',
      current: true,
      createdAt: '2026-11-21T09:30:00.000Z',
      lastSeenAt: '2026-11-21T09:31:00.000Z',
      userAgent: 'curl/8',
      device: 'curl',
      ip: '127.0.0.1',
    };
    expect(sessionSchema.parse(session)).toEqual(session);
    expect(sessionSchema.safeParse({ ...session, device: undefined }).success).toBe(false);
  });
});
