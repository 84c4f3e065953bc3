import { type Country, countriesPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export async function listCountries(signal?: AbortSignal): Promise<Country[]> {
  const answer = await api.get<{ data: Country[] }>(countriesPath, signal);
  return answer.data;
}

export function useCountries() {
  // The list is bundled with the server and never changes while the app runs.
  return useQuery({
    queryKey: productKeys.lookups('countries'),
    queryFn: ({ signal }) => listCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
