import { z } from 'zod';
import { typedEmailAddress } from './input-rules';
import { messages } from './messages';
import { securityMessages } from './security-messages';

export { securityMessages } from './security-messages';

export const minPasswordLength = 8;

export const forgotPasswordBodySchema = z.object({
  email: typedEmailAddress(messages.emailBlank),
});

export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: securityMessages.resetInvalid }).min(10, securityMessages.resetInvalid).max(200),
    password: z.string({ error: messages.passwordBlank }).min(1, messages.passwordBlank).max(1024),
    confirmPassword: z.string({ error: messages.confirmPasswordBlank }).min(1, messages.confirmPasswordBlank).max(1024),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: messages.passwordNotMatch,
    path: ['confirmPassword'],
  });

const otp = z.string({ error: securityMessages.otpMissing }).trim().min(1, securityMessages.otpMissing).max(64);

export const otpBodySchema = z.object({ otp });
/** `POST /api/user/2fa/setup`: the current password first, as turning it off asks. */
export const twoFactorSetupBodySchema = z.object({
  password: z
    .string({ error: securityMessages.currentPasswordNeeded })
    .min(1, securityMessages.currentPasswordNeeded)
    .max(1024),
});
export const disableTwoFactorBodySchema = z.object({
  password: z.string({ error: messages.fillAllDetails }).min(1, messages.fillAllDetails).max(1024),
  otp,
});

export const twoFactorSetupSchema = z.object({ otpauthUrl: z.string(), secret: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const recoveryCodesSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesSchema>;
export const plainOkSchema = z.object({ error: z.literal(false), msg: z.string().optional() });

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string(),
  device: z.string(),
  ip: z.string(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
