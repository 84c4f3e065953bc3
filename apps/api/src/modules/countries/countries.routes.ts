import { type Country, countriesResponseSchema } from '@shopdesk/contract';
import { countries } from 'countries-list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Bundled ISO 3166 data (the countries-list package): no external call at run time. */
const countryList: Country[] = Object.entries(countries)
  .map(([iso2, info]) => ({ iso2, country: info.name }))
  .sort((a, b) => a.country.localeCompare(b.country, 'en'));

/** `GET /api/countries` (public, api.md §9). */
export async function countriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: { response: { 200: countriesResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return { error: false as const, msg: 'countries', data: countryList };
    },
  );
}
