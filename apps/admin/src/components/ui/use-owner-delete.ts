import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../lib/alerts';
import { errorMessage } from '../../lib/api-error';
import { configQueryOptions } from '../../lib/app-config';
import { setProgress } from '../../lib/progress';
import { getStoredUser } from '../../lib/session';

type DeleteAnswer = { message?: string; msg?: string };

export interface OwnerDeleteOptions {
  /** The spec's refusal, e.g. 'Only Admin can delete Category'. */
  onlyOwnerMessage: string;
  remove: (id: string) => Promise<DeleteAnswer>;
  /** Queries to refresh after a delete (the list, counts…). */
  invalidate: QueryKey[];
}

/**
 * The one delete action for records only the owner may delete (spec §6): checked here
 * before calling, enforced by the server. Progress 40 → 100, the server's message as alert.
 */
export function useOwnerDelete({ onlyOwnerMessage, remove, invalidate }: OwnerDeleteOptions) {
  const queryClient = useQueryClient();
  const config = useQuery(configQueryOptions());
  const mutation = useMutation({
    mutationFn: remove,
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      showAlert('success', answer.message ?? answer.msg ?? 'Deleted');
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });

  const deleteItem = (id: string) => {
    const owner = config.data?.ownerEmail?.toLowerCase();
    const email = getStoredUser()?.email.toLowerCase();
    if (!owner || owner !== email) {
      showAlert('error', onlyOwnerMessage);
      return;
    }
    mutation.mutate(id);
  };

  return {
    deleteItem,
    isDeleting: mutation.isPending,
    deletingId: mutation.isPending ? mutation.variables : undefined,
  };
}
