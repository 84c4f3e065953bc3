import { type OptionFamily, optionFamilies } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { setProgress } from '../../../lib/progress';
import { showDeletedAlert, trashQueryKey } from '../../../lib/undo-delete';
import { optionValueKeys } from './option-value-keys';

type DeleteAnswer = { success: true; message: string; trashId: string };

export function deleteOptionValue(family: OptionFamily, id: string): Promise<DeleteAnswer> {
  return api.delete<DeleteAnswer>(`${optionFamilies[family].path}/${encodeURIComponent(id)}`);
}

/** Option deletes have no owner check (spec §6): progress 40 → 100, the server's message with UNDO. */
export function useDeleteOptionValue(family: OptionFamily) {
  const queryClient = useQueryClient();
  const canRestore = useCan('catalogue:write');
  return useMutation({
    mutationFn: (id: string) => deleteOptionValue(family, id),
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      const refresh = () =>
        Promise.all(
          [optionValueKeys.all(family), trashQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      showDeletedAlert(answer.message, answer.trashId, canRestore, refresh);
      await refresh();
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });
}
