import { describe, expect, it } from 'vitest';
import { hasMixedScriptLocalPart, normalizeEmail } from './email-address';
import { emailAddress, inputMessages } from './input-rules';
import { validateSigninForm } from './sign-in-form';

describe('normalizeEmail', () => {
  it.each([
    ['  Owner@Shop.Test  ', 'owner@shop.test'],
    ['owner@shop.test.', 'owner@shop.test'],
    ['ＯＷＮＥＲ@ｓｈｏｐ.ｔｅｓｔ', 'owner@shop.test'],
    ['ﬁnance@shop.test', 'finance@shop.test'],
    ['owner@shop.test', 'owner@shop.test'],
  ])('%s -> %s', (typed, stored) => {
    expect(normalizeEmail(typed)).toBe(stored);
    expect(normalizeEmail(stored)).toBe(stored);
  });

  it('is what the sign-in form sends', () => {
    expect(validateSigninForm(' ＯＷＮＥＲ@Shop.Test. ', 'p')).toEqual({
      ok: true,
      email: 'owner@shop.test',
      password: 'p',
    });
  });
});

describe('hasMixedScriptLocalPart', () => {
  it.each([
    ['\u0430dmin@shop.test', true],
    ['p\u03bfst@shop.test', true],
    ['admin@\u0430shop.test', false],
    ['admin.2026+shop@shop.test', false],
    ['\u0430\u0434\u043c\u0438\u043d@shop.test', false],
    ['やまだ太郎@shop.test', false],
  ])('%s: %s', (address, mixed) => {
    expect(hasMixedScriptLocalPart(address)).toBe(mixed);
  });
});

describe('emailAddress (what is stored)', () => {
  const schema = emailAddress('blank');
  const messageOf = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('stores the one form', () => {
    expect(schema.parse(' Ａdmin@Shop.Test. ')).toBe('admin@shop.test');
  });

  it('refuses a mixed-script part before @ with its own words, other non-ASCII with the format words', () => {
    expect(messageOf('\u0430dmin@shop.test')).toBe(inputMessages.emailMixedScripts);
    expect(messageOf('\u0430\u0434\u043c\u0438\u043d@shop.test')).toBe(inputMessages.emailInvalid);
    expect(messageOf('')).toBe('blank');
  });
});
