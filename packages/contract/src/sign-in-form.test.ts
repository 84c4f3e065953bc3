import { describe, expect, it } from 'vitest';
import { firstMessage } from './common';
import { validateSigninForm } from './sign-in-form';
import { signinBodySchema } from './users';

const cases: Array<[string, string]> = [
  ['', ''],
  ['', 'secret'],
  ['   ', 'secret'],
  ['asha@shop.test', ''],
  ['  Asha@Shop.TEST ', 'secret'],
  ['asha@shop.test', 'secret'],
  ['x'.repeat(254), ''],
  ['x'.repeat(255), ''],
  [` ${'x'.repeat(254)} `, 'pw'],
  ['asha@shop.test', 'p'.repeat(1024)],
  ['asha@shop.test', 'p'.repeat(1025)],
  ['x'.repeat(300), 'p'.repeat(2000)],
  ['not an email', ' '],
];

describe('sign-in form check without zod', () => {
  it.each(cases)('gives the server schema’s first message and values for %j / %j', (email, password) => {
    const ours = validateSigninForm(email, password);
    const zod = signinBodySchema.safeParse({ email, password, isAdmin: true });
    if (zod.success) {
      expect(ours).toEqual({ ok: true, email: zod.data.email, password: zod.data.password });
    } else {
      expect(ours).toEqual({ ok: false, message: firstMessage(zod.error) });
    }
  });
});
