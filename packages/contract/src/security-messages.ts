/** Account-security words, apart from the schemas: screens read them without loading zod. */
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
  /** Asked before two-step sign-in is set up (issue 18): a stolen token alone cannot turn it on. */
  currentPasswordNeeded: 'Please enter your current password',
  twoFactorRequired: 'Two-step sign-in is required for administrators. Turn it on in My Account.',
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'All other sessions ended',
  sessionNotFound: 'Session not found',
} as const;
