import { z } from 'zod';

export { countriesPath } from './paths';

export const countrySchema = z.object({ iso2: z.string(), country: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countriesResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  data: z.array(countrySchema),
});
