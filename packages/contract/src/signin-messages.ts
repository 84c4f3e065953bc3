// The sign-in form's own words, apart from the rest (messages.ts spreads them in): the
// sign-in page is the first download and needs only these two.
export const signinMessages = {
  signinEmailBlank: 'email can not be blank!',
  signinPasswordBlank: 'password can not be blank!',
} as const;
