import { type OptionFamily, type OptionRecord, optionFamilies } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { optionValueKeys } from './option-value-keys';

export type SaveOptionValue = { id: string | null; value: string };

export function createOptionValue(family: OptionFamily, value: string): Promise<OptionRecord> {
  const { path, field } = optionFamilies[family];
  return api.post<OptionRecord>(`${path}/create`, { [field]: value });
}

export function updateOptionValue(family: OptionFamily, id: string, value: string): Promise<OptionRecord> {
  const { path, field } = optionFamilies[family];
  return api.put<OptionRecord>(`${path}/${encodeURIComponent(id)}`, { [field]: value });
}

/** Creates when no id is held, updates otherwise (the screen's two modes, spec §4). */
export function useSaveOptionValue(family: OptionFamily) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: SaveOptionValue) =>
      id ? updateOptionValue(family, id, value) : createOptionValue(family, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: optionValueKeys.all(family) }),
  });
}
