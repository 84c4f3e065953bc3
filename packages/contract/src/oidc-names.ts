// Paths, message type and words of Google sign-in, apart from the schemas: the sign-in
// screen reads them without loading zod.
/** Sign in with Google through OpenID Connect (api.md §8). */
export const oidcPaths = {
  start: '/api/auth/oidc/start',
  callback: '/api/auth/oidc/callback',
  relayScript: '/api/auth/oidc/relay.js',
  authWithGoogle: '/api/user/authWithGoogle',
} as const;

/** The `type` of every message the callback page posts to its opener. */
export const oidcMessageType = 'shopdesk-oidc';

export const oidcMessages = {
  notConfigured: 'Google sign-in is not set up on this shop',
  providerUnavailable: 'The sign-in service could not be reached; please try again later',
  stateInvalid: 'This sign-in attempt has expired or was started in another window; please try again',
  signInFailed: 'The sign-in could not be verified; please try again',
  emailNotVerified: 'Your e-mail address is not verified with the sign-in service',
  credentialInvalid: 'The Google sign-in has expired or could not be verified; please try again',
  emailMismatch: 'The e-mail address does not match the one the sign-in service confirmed',
  windowClosed: 'The sign-in window was closed',
  popupBlocked: 'The sign-in window could not be opened; please allow pop-ups for this site',
} as const;
