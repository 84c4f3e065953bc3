import { z } from 'zod';
import { messages } from './messages';

export const securityMessages = {
  resetSent: 'If that address has an account, a reset link is on its way.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  otpRequired: 'Enter the 6-digit code from your authenticator app',
  otpWrong: 'That code is not right. Please try again.',
  otpMissing: 'Please enter the 6-digit code',
  twoFactorEnabled: 'Two-step sign-in is on',
  twoFactorDisabled: 'Two-step sign-in is off',
  twoFactorAlreadyOn: 'Two-step sign-in is already on',
  twoFactorNotStarted: 'Start the set-up again: scan the new QR code first',
  twoFactorRequired: 'Two-step sign-in is required for administrators. Turn it on in My Account.',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'All other sessions ended',
  sessionNotFound: 'Session not found',
} as const;

export const minPasswordLength = 8;

export const forgotPasswordBodySchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.string({ error: messages.emailBlank }).min(1, messages.emailBlank).max(254),
  ),
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
