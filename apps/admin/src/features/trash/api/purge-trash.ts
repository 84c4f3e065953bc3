import { trashPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../lib/alerts';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { setProgress } from '../../../lib/progress';
import { trashKeys } from './list-trash';

type Purged = { success: true; message: string };

/** `DELETE /api/trash/:trashId` (catalogue:delete): gone for good, files included. */
export function purgeTrash(trashId: string): Promise<Purged> {
  return api.delete<Purged>(`${trashPath}/${encodeURIComponent(trashId)}`);
}

export function usePurgeTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeTrash,
    onMutate: () => setProgress(40),
    onSuccess: (answer) => showAlert('success', answer.message),
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trashKeys.all });
      setProgress(100);
    },
  });
}
