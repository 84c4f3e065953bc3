import { z } from 'zod';
import { optionalText, requiredImages, requiredText } from './common';
import { emailAddress, typedEmailAddress } from './input-rules';
import { messages } from './messages';

export { usersPath } from './paths';

/** What a user record looks like on the wire (never a password or hash). */
export const userSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  images: z.array(z.string()),
  isAdmin: z.boolean(),
  /** Two-step sign-in is on (My Account shows its state). */
  twoFactorEnabled: z.boolean(),
  /** The account's role by name, and what it may do (api.md §10); absent for a shop customer. */
  role: z.string().optional(),
  permissions: z.array(z.string()).optional(),
});
export type User = z.infer<typeof userSchema>;

/** The short user beside a token in sign-in answers. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** Sign-in answers (api.md §10): the role by name and its permissions. */
  role: z.string().optional(),
  permissions: z.array(z.string()).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signinBodySchema = z.object({
  // Only compared, never stored: normalised, no format rule.
  email: typedEmailAddress(messages.signinEmailBlank),
  password: z.string({ error: messages.signinPasswordBlank }).min(1, messages.signinPasswordBlank).max(1024),
  isAdmin: z.boolean().optional(),
  otp: z.string().max(64).optional(),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const signinResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  token: z.string(),
  user: sessionUserSchema,
  /** With ADMIN_REQUIRE_2FA: this account must turn on two-step sign-in before anything else. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

/** Sign-up checks in the spec's order: blanks first, then the match. */
export const signupBodySchema = z
  .object({
    name: requiredText(messages.nameBlank, 120),
    email: emailAddress(messages.emailBlank),
    phone: requiredText(messages.phoneBlank, 40),
    password: z.string({ error: messages.passwordBlank }).min(1, messages.passwordBlank).max(1024),
    confirmPassword: z.string({ error: messages.confirmPasswordBlank }).min(1, messages.confirmPasswordBlank).max(1024),
    isAdmin: z.boolean().optional().default(true),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: messages.passwordNotMatch,
    path: ['confirmPassword'],
  });
export type SignupBody = z.input<typeof signupBodySchema>;

export const signupResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  error: z.literal(false),
  msg: z.string(),
  user: sessionUserSchema,
});

/** Edit Profile: every field and at least one image, else one message (spec §5). */
export const profileBodySchema = z.object({
  name: requiredText(messages.fillAllDetails, 120),
  email: emailAddress(messages.fillAllDetails),
  phone: requiredText(messages.fillAllDetails, 40),
  images: requiredImages(messages.fillAllDetails),
  /**
   * The current password: required when `email` changes (api.md §3), so a stolen token alone
   * cannot move the account to another address and take it over with a reset link.
   */
  password: z.string().max(1024).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** What the server needs to change a password (spec §7: the old one is `password`). */
export const changePasswordBodySchema = z.object({
  name: optionalText(120).optional(),
  email: optionalText(254).optional(),
  phone: optionalText(40).optional(),
  // Sent by the spec's client and ignored: this call changes only the password.
  images: z.array(z.unknown()).max(50).optional(),
  password: z.string({ error: messages.fillAllDetails }).min(1, messages.fillAllDetails).max(1024),
  newPass: z.string({ error: messages.fillAllDetails }).min(1, messages.fillAllDetails).max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The Change Password tab also asks for a confirmation (never sent). */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, messages.fillAllDetails),
    newPassword: z.string().min(1, messages.fillAllDetails),
    confirmPassword: z.string().min(1, messages.fillAllDetails),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordConfirmNotMatch,
    path: ['confirmPassword'],
  });

export const userCountSchema = z.object({ userCount: z.number().int().nonnegative() });

/** Locally stored user record (key 'user'), spec §3. */
export const storedUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  userId: z.string(),
  isAdmin: z.boolean(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;
