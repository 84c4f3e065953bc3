/** Dashboard-only words that the spec does not fix and the server never sends. */
export const uiMessages = {
  googleNotSetUp: 'Google sign-in is not set up on this shop',
  chunkTimeout: 'This screen took too long to load. Please check your connection and reload.',
  noProfile: 'No account details were found.',
} as const;
