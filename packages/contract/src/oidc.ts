import { z } from 'zod';

import { oidcMessageType } from './oidc-names';

export { oidcMessages, oidcMessageType, oidcPaths } from './oidc-names';

export const oidcProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  picture: z.string(),
});
export type OidcProfile = z.infer<typeof oidcProfileSchema>;

/** What the callback page posts to `window.opener` (target origin: our own). */
export const oidcPopupMessageSchema = z.union([
  z.object({ type: z.literal(oidcMessageType), profile: oidcProfileSchema, credential: z.string().min(1) }),
  z.object({ type: z.literal(oidcMessageType), error: z.string().min(1) }),
]);
export type OidcPopupMessage = z.infer<typeof oidcPopupMessageSchema>;

const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * The spec's Google payload plus `credential`. Everything but the credential is only
 * compared or ignored: the identity is the credential's, never the body's. A missing
 * credential is a 401 (not a 400), so the fields are all optional here.
 */
export const authWithGoogleBodySchema = z.object({
  name: optionalText(200),
  email: optionalText(254),
  password: z.null().or(z.string().max(1024)).optional(),
  images: z.union([z.string().max(2048), z.array(z.string().max(2048)).max(10)]).nullish(),
  phone: optionalText(40),
  isAdmin: z.boolean().optional(),
  credential: optionalText(8192),
  otp: z.string().max(64).optional(),
});
export type AuthWithGoogleBody = z.input<typeof authWithGoogleBodySchema>;
