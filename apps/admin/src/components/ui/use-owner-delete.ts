import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../lib/alerts';
import { errorMessage } from '../../lib/api-error';
import { usePermissions } from '../../lib/permissions';
import { setProgress } from '../../lib/progress';
import { showDeletedAlert, trashQueryKey } from '../../lib/undo-delete';

type DeleteAnswer = { message?: string; msg?: string; trashId?: string };

export interface OwnerDeleteOptions {
  /** The spec's refusal, e.g. 'Only Admin can delete Category'. */
  onlyOwnerMessage: string;
  remove: (id: string) => Promise<DeleteAnswer>;
  /** Queries to refresh after a delete (the list, counts…). */
  invalidate: QueryKey[];
}

/**
 * The one delete action for the records spec §6 keeps for "the administrator": `catalogue:delete`
 * (api.md §10), checked here before calling (the spec's words when it is missing), enforced by the
 * server. `isShown`: the button is there for roles that work on the catalogue (as the spec shows it
 * to every administrator); a role that may neither write nor delete does not see it.
 * Progress 40 → 100, the server's message as alert, with UNDO (the record went to the trash).
 */
export function useOwnerDelete({ onlyOwnerMessage, remove, invalidate }: OwnerDeleteOptions) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const mutation = useMutation({
    mutationFn: remove,
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      const refresh = () =>
        Promise.all([...invalidate, trashQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      showDeletedAlert(
        answer.message ?? answer.msg ?? 'Deleted',
        answer.trashId,
        permissions.has('catalogue:write'),
        refresh,
      );
      await refresh();
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });

  const deleteItem = (id: string) => {
    if (!permissions.has('catalogue:delete')) {
      showAlert('error', onlyOwnerMessage);
      return;
    }
    mutation.mutate(id);
  };

  return {
    isShown: permissions.has('catalogue:write') || permissions.has('catalogue:delete'),
    deleteItem,
    isDeleting: mutation.isPending,
    deletingId: mutation.isPending ? mutation.variables : undefined,
  };
}
