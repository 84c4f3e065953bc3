import { describe, expect, it } from 'vitest';
import { fieldMessages, firstMessage } from './common';
import { inputMessages } from './input-rules';
import { messages } from './messages';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  profileBodySchema,
  signinBodySchema,
  signupBodySchema,
  userSchema,
} from './users';

/** The first message of a parse, or undefined when the input passes. */
function messageOf(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? undefined : firstMessage(result.error as Parameters<typeof firstMessage>[0]);
}

const signup = {
  name: 'Asha',
  email: 'asha@shop.test',
  phone: '5550100',
  password: 'pw',
  confirmPassword: 'pw',
  isAdmin: true,
};

describe('messages', () => {
  it('keeps the specification’s exact words (typos included)', () => {
    expect(messages).toMatchObject({
      signinEmailBlank: 'email can not be blank!',
      signinPasswordBlank: 'password can not be blank!',
      nameBlank: 'name can not be blank!',
      emailBlank: 'email can not be blank!',
      phoneBlank: 'phone can not be blank!',
      passwordBlank: 'password can not be blank!',
      confirmPasswordBlank: 'confirm password can not be blank!',
      passwordNotMatch: 'password not match',
      notAdmin: 'you are not a admin',
      invalidCredentials: 'Invalid email or password',
      userAuthenticated: 'User Authenticated',
      pleaseSignIn: 'Please sign in',
      logoutSuccess: 'Logout successfull',
      userUpdated: 'user updated',
      passwordChanged: 'Password changed',
      currentPasswordWrong: 'current password wrong',
      fillAllDetails: 'Please fill all the details',
      passwordConfirmNotMatch: 'Password and confirm password not match',
      invalidImage: 'Please select a valid JPG or PNG image file.',
      imagesUploaded: 'Images Uploaded!',
      imageDeleted: 'Image Deleted!',
    });
  });

  it('says how long to wait when throttled', () => {
    expect(messages.tooManyAttempts(42)).toContain('42 seconds');
  });
});

describe('signinBodySchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(signinBodySchema.parse({ email: '  Owner@Shop.TEST ', password: ' p ' })).toEqual({
      email: 'owner@shop.test',
      password: ' p ',
    });
  });

  it('refuses blanks with the sign-in words, e-mail first', () => {
    expect(messageOf(signinBodySchema, {})).toBe('email can not be blank!');
    expect(messageOf(signinBodySchema, { email: '   ', password: 'p' })).toBe('email can not be blank!');
    expect(messageOf(signinBodySchema, { email: null, password: 'p' })).toBe('email can not be blank!');
    expect(messageOf(signinBodySchema, { email: 'a@b.co' })).toBe('password can not be blank!');
    expect(messageOf(signinBodySchema, { email: 'a@b.co', password: '' })).toBe('password can not be blank!');
  });
});

describe('signupBodySchema', () => {
  it('checks in the spec’s order: blanks first, then the match', () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{}, 'name can not be blank!'],
      [{ name: 'A' }, 'email can not be blank!'],
      [{ name: 'A', email: 'a@b.co' }, 'phone can not be blank!'],
      [{ name: 'A', email: 'a@b.co', phone: '1' }, 'password can not be blank!'],
      [{ name: 'A', email: 'a@b.co', phone: '1', password: 'p' }, 'confirm password can not be blank!'],
      [{ name: 'A', email: 'a@b.co', phone: '1', password: 'p', confirmPassword: 'q' }, 'password not match'],
    ];
    for (const [input, message] of steps) expect(messageOf(signupBodySchema, input), message).toBe(message);
  });

  it('gives every blank field its own message, and no mismatch message while fields are blank', () => {
    const result = signupBodySchema.safeParse({ name: ' ', email: '', phone: '', password: 'p', confirmPassword: '' });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({
      name: 'name can not be blank!',
      email: 'email can not be blank!',
      phone: 'phone can not be blank!',
      confirmPassword: 'confirm password can not be blank!',
    });
  });

  it('takes a phone sent as a number and defaults isAdmin to true', () => {
    const parsed = signupBodySchema.parse({ ...signup, phone: 5550100, isAdmin: undefined, email: ' Asha@Shop.TEST ' });
    expect(parsed).toEqual({ ...signup, phone: '5550100', email: 'asha@shop.test', isAdmin: true });
    expect(signupBodySchema.parse({ ...signup, isAdmin: false }).isAdmin).toBe(false);
  });

  it('stores only an e-mail address of an address’s form (issue 17; the spec had no rule)', () => {
    for (const email of [
      'Not An Email',
      '<script>alert(1)</script>',
      'a@b',
      'a@b.c',
      '@shop.test',
      `${'x'.repeat(250)}@a.co`,
    ])
      expect(messageOf(signupBodySchema, { ...signup, email }), email).toBe(inputMessages.emailInvalid);
  });

  it('keeps passwords as typed (no trimming)', () => {
    expect(messageOf(signupBodySchema, { ...signup, password: 'pw ', confirmPassword: 'pw' })).toBe(
      'password not match',
    );
  });
});

describe('profileBodySchema', () => {
  const profile = {
    name: 'Asha',
    email: 'asha@shop.test',
    phone: '1',
    images: ['https://x.test/uploads/users/0123456789abcdef01234567.png'],
  };

  it('needs every field and one image: Please fill all the details', () => {
    for (const input of [
      { ...profile, name: '' },
      { ...profile, email: ' ' },
      { ...profile, phone: '' },
      { ...profile, images: [] },
      { name: 'A', email: 'a@b.co', phone: '1' },
      {},
    ]) {
      expect(messageOf(profileBodySchema, input), JSON.stringify(input)).toBe('Please fill all the details');
    }
  });

  it('refuses an e-mail that is not an address, and images that are not uploads', () => {
    expect(messageOf(profileBodySchema, { ...profile, email: '<script>@x' })).toBe(inputMessages.emailInvalid);
    for (const image of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://x.test/a.png'])
      expect(messageOf(profileBodySchema, { ...profile, images: [image] }), image).toBe(inputMessages.imageNotUploaded);
  });

  it('drops fields it does not take, and keeps the current password an e-mail change asks for', () => {
    expect(profileBodySchema.parse({ ...profile, isAdmin: false, id: 'x' })).toEqual(profile);
    expect(profileBodySchema.parse({ ...profile, password: 'y' })).toEqual({ ...profile, password: 'y' });
  });
});

describe('change password schemas', () => {
  it('the API needs the old and the new password', () => {
    expect(messageOf(changePasswordBodySchema, {})).toBe('Please fill all the details');
    expect(messageOf(changePasswordBodySchema, { password: 'a', newPass: '' })).toBe('Please fill all the details');
    expect(changePasswordBodySchema.parse({ password: 'a', newPass: 'b', phone: 5550100 })).toMatchObject({
      password: 'a',
      newPass: 'b',
      phone: '5550100',
    });
  });

  it('the form needs all three and a matching confirmation', () => {
    expect(messageOf(changePasswordFormSchema, { oldPassword: '', newPassword: 'n', confirmPassword: 'n' })).toBe(
      'Please fill all the details',
    );
    expect(messageOf(changePasswordFormSchema, { oldPassword: 'o', newPassword: 'n', confirmPassword: 'm' })).toBe(
      'Password and confirm password not match',
    );
    expect(
      messageOf(changePasswordFormSchema, { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' }),
    ).toBeUndefined();
  });
});

describe('userSchema', () => {
  it('has no room for a password or hash', () => {
    const user = {
      id: 'a',
      _id: 'a',
      name: 'n',
      email: 'e',
      phone: 'p',
      images: [],
      isAdmin: true,
      twoFactorEnabled: false,
    };
    expect(userSchema.parse({ ...user, password: 'x', password_hash: 'y' })).toEqual(user);
  });
});
