import { inputMessages, messages } from '@shopdesk/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { up as normaliseStoredEmails } from '../../db/migrations/2026-11-26-041-normalised-emails';

// Issue 18, item 4: look-alike addresses (`аdmin@…` with a Cyrillic а, a trailing dot) were
// accepted as new accounts. Every address is stored and compared in one form, and a part
// before @ that mixes alphabets is refused.

const cyrillicA = '\u0430';

const signupBody = (email: string) => ({
  name: 'Look Alike',
  email,
  phone: '5550100',
  password: 'pass-word-1',
  confirmPassword: 'pass-word-1',
  isAdmin: true,
});

describe(`e-mail addresses in one form (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signup = (email: string) => t.request({ method: 'POST', url: '/api/user/signup', payload: signupBody(email) });
  const emails = async () =>
    (await t.app.ctx.db.selectFrom('users').select('email').orderBy('email').execute()).map((row) => row.email);

  it('refuses a part before @ mixing alphabets with 400 and its own words, and stores nothing', async () => {
    const before = await emails();
    for (const email of [`${cyrillicA}dmin@shop.test`, `own${cyrillicA}r@shop.test`, 'p\u03bfst@shop.test']) {
      const res = await signup(email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toMatchObject({ status: 'FAILED', error: true, msg: inputMessages.emailMixedScripts });
    }
    expect(await emails()).toEqual(before);
  });

  it('stores the one form, and finds the account taken in any other form', async () => {
    const made = await signup(' Ａdmin.Desk@Shop.Test. ');
    expect(made.statusCode).toBe(201);
    expect(made.json().user.email).toBe('admin.desk@shop.test');
    expect(await emails()).toContain('admin.desk@shop.test');
    for (const email of ['admin.desk@shop.test.', 'ＡＤＭＩＮ.ＤＥＳＫ@ＳＨＯＰ.ＴＥＳＴ', 'Admin.Desk@Shop.Test']) {
      const again = await signup(email);
      expect(again.statusCode, email).toBe(409);
      expect(again.json(), email).toEqual({ status: 'FAILED', error: true, msg: messages.emailTaken });
    }
  });

  it('signs in with the address typed in another form', async () => {
    expect(await signIn(t, 'ＯＷＮＥＲ@shop.test.', 'owner-password-1')).toEqual(expect.any(String));
    const lookAlike = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: `own${cyrillicA}r@shop.test`, password: 'owner-password-1' },
    });
    expect(lookAlike.statusCode).toBe(401);
  });
});

describe(`the migration that normalises stored addresses (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Rows as an older version could have stored them (no rule was applied then). */
  async function insertRaw(id: string, email: string) {
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('users')
      .values({
        id,
        name: id,
        email,
        phone: '',
        password_hash: null,
        images: '[]',
        is_admin: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const emailOf = async (id: string) =>
    (await t.app.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it('rewrites what is safe and leaves look-alikes of a taken address as they are', async () => {
    await insertRaw('a00000000000000000000001', 'ｓｏｌｏ@shop.test.');
    await insertRaw('a00000000000000000000002', 'Taken@Shop.Test');
    await insertRaw('a00000000000000000000003', 'taken@shop.test');
    await insertRaw('a00000000000000000000004', 'twin@shop.test.');
    await insertRaw('a00000000000000000000005', 'ｔｗｉｎ@shop.test');
    await normaliseStoredEmails(t.app.ctx.db as unknown as Kysely<unknown>);
    expect(await emailOf('a00000000000000000000001')).toBe('solo@shop.test');
    // `taken@shop.test` already belongs to an account: it keeps it; its look-alike stays apart.
    expect(await emailOf('a00000000000000000000003')).toBe('taken@shop.test');
    expect(await emailOf('a00000000000000000000002')).toBe('Taken@Shop.Test');
    // Two look-alikes of one free address: neither is given it.
    expect(await emailOf('a00000000000000000000004')).toBe('twin@shop.test.');
    expect(await emailOf('a00000000000000000000005')).toBe('ｔｗｉｎ@shop.test');
    // Run twice, it changes nothing more.
    await normaliseStoredEmails(t.app.ctx.db as unknown as Kysely<unknown>);
    expect(await emailOf('a00000000000000000000001')).toBe('solo@shop.test');
    expect(await emailOf('a00000000000000000000002')).toBe('Taken@Shop.Test');
  });
});
