import { type OptionFamily, type OptionRecord, optionFamilies } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** The values of one option family (RAMS, WEIGHT, SIZE) as plain strings for a multi-select. */
export async function listOptionValues(family: OptionFamily, signal?: AbortSignal): Promise<string[]> {
  const { path, field } = optionFamilies[family];
  const records = await api.get<OptionRecord[]>(path, signal);
  return records.map((record) => record[field] ?? '').filter(Boolean);
}

export function useOptionValues(family: OptionFamily) {
  return useQuery({
    queryKey: productKeys.lookups(`options-${family}`),
    queryFn: ({ signal }) => listOptionValues(family, signal),
  });
}
