import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { assertGoodPassword, passwordProblem } from './password-rule';

const tooShort = 'Password must be at least 8 characters';
const tooCommon = 'This password is too common. Please choose another one.';

describe('passwordProblem', () => {
  it.each([
    ['', tooShort],
    ['short1', tooShort],
    ['7chars!', tooShort],
    // Length is checked first: a short common password is "too short".
    ['1234567', tooShort],
  ])('calls %j too short', async (password, problem) => {
    expect(await passwordProblem(password)).toBe(problem);
  });

  it.each([
    'password123',
    'PassWord123',
    'PASSWORD123',
    'password',
    '12345678',
    'qwertyuiop',
    'iloveyou',
    'sunshine1',
    'trustno1',
  ])('calls %j too common, whatever its case', async (password) => {
    expect(await passwordProblem(password)).toBe(tooCommon);
  });

  it.each([
    'kq7vmz2p',
    'correct horse battery staple',
    'owner-password-1',
    'Tr0ub4dor&3-but-longer',
    'ünïcödé-pässwörd',
  ])('accepts %j', async (password) => {
    expect(await passwordProblem(password)).toBeUndefined();
  });

  it('accepts exactly 8 characters and refuses 7', async () => {
    expect(await passwordProblem('zq8wx3mk')).toBeUndefined();
    expect(await passwordProblem('zq8wx3m')).toBe(tooShort);
  });
});

describe('assertGoodPassword', () => {
  it('throws a 400 with the problem', async () => {
    for (const [password, msg] of [
      ['short1', tooShort],
      ['PassWord123', tooCommon],
    ]) {
      let thrown: unknown;
      try {
        await assertGoodPassword(password as string);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ statusCode: 400, message: msg });
    }
  });

  it('passes a good password', async () => {
    await expect(assertGoodPassword('a-good-pass-phrase')).resolves.toBeUndefined();
  });
});
