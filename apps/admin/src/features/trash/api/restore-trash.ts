import { trashMessages } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { setProgress } from '../../../lib/progress';
import { restoreFromTrash } from '../../../lib/undo-delete';

/**
 * Restore from the Trash screen (catalogue:write). The record is back in its own lists, counts
 * and the dashboard: every query is marked stale (the empty key), as a product delete does.
 */
export function useRestoreTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreFromTrash,
    onMutate: () => setProgress(40),
    onSuccess: async () => {
      showAlert('success', trashMessages.restored);
      await queryClient.invalidateQueries({ queryKey: [] });
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });
}
