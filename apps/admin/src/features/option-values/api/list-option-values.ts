import { type OptionFamily, type OptionRecord, optionFamilies } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optionValueKeys } from './option-value-keys';

/** Every value of one family, `{id, _id, <field>}`, in creation order. */
export function listOptionValues(family: OptionFamily, signal?: AbortSignal): Promise<OptionRecord[]> {
  return api.get<OptionRecord[]>(optionFamilies[family].path, signal);
}

export const optionValuesQueryOptions = (family: OptionFamily) =>
  queryOptions({
    queryKey: optionValueKeys.list(family),
    queryFn: ({ signal }) => listOptionValues(family, signal),
  });

export function useOptionValues(family: OptionFamily) {
  return useQuery(optionValuesQueryOptions(family));
}
