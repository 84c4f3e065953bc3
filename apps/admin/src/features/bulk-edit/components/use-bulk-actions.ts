import type { ProductExportQuery } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { setProgress } from '../../../lib/progress';
import { undoLabel } from '../../../lib/undo-delete';
import { bulkDeleteProducts, bulkEditProducts, undoBulkEdit } from '../api/bulk-edit';
import type { BulkEditChanges } from './bulk-edit-values';
import { bulkWords } from './bulk-words';

/** Which products: the ticked rows, or every one the list's filter matches. */
export type BulkTarget = { ids: string[] } | { filter: ProductExportQuery };

/**
 * The bar's two actions. After each, every query is marked stale and those on screen reload
 * (lists, counts, trash, a product's page), as after a single delete. A bulk edit's success
 * alert carries UNDO for its 6 seconds (the delete alert's mechanism); the bulk delete's answer
 * names no trash entries (api.md §13), so it has none: the products wait in Settings › Trash.
 */
export function useBulkActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();

  const undo = async (bulkId: string) => {
    setProgress(40);
    try {
      const answer = await undoBulkEdit(bulkId);
      await refresh();
      showAlert('success', bulkWords.restored(answer.restored, answer.skipped));
    } catch (error) {
      showAlert('error', errorMessage(error));
    } finally {
      setProgress(100);
    }
  };

  const edit = useMutation({
    mutationFn: ({ target, changes }: { target: BulkTarget; changes: BulkEditChanges }) =>
      bulkEditProducts({ ...target, ...changes }),
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      onDone();
      showAlert('success', bulkWords.updated(answer.updated), {
        label: undoLabel,
        run: () => void undo(answer.bulkId),
      });
      await refresh();
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });

  const trash = useMutation({
    mutationFn: (ids: string[]) => bulkDeleteProducts(ids),
    onMutate: () => setProgress(40),
    onSuccess: async (answer) => {
      onDone();
      showAlert('success', bulkWords.trashed(answer.trashed));
      await refresh();
    },
    onError: (error) => showAlert('error', errorMessage(error)),
    onSettled: () => setProgress(100),
  });

  return { edit, trash };
}
