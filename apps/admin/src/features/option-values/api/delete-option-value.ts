import { type OptionFamily, optionFamilies } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { setProgress } from '../../../lib/progress';
import { optionValueKeys } from './option-value-keys';

type DeleteAnswer = { success: true; message: string };

export function deleteOptionValue(family: OptionFamily, id: string): Promise<DeleteAnswer> {
  return api.delete<DeleteAnswer>(`${optionFamilies[family].path}/${encodeURIComponent(id)}`);
}

/** Option deletes have no owner check (spec §6): progress 40 → 100, the server's message. */
export function useDeleteOptionValue(family: OptionFamily) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOptionValue(family, id),
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      showAlert('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: optionValueKeys.all(family) });
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });
}
