import { z } from 'zod';

export { configPath } from './paths';

/** `GET /api/config`: what the dashboard needs to know before sign-in. */
export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  countriesUrl: z.string(),
  /** Someone may sign up as an administrator (SIGNUP_ALLOW set); else the Sign up screen says it is closed. */
  signupOpen: z.boolean(),
  ownerEmail: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
