import { z } from 'zod';

export { configPath } from './paths';

/** `GET /api/config`: what the dashboard needs to know before sign-in. */
export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  countriesUrl: z.string(),
  ownerEmail: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
