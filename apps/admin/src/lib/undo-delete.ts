import { trashMessages, trashPath } from '@shopdesk/contract';
import { showAlert } from './alerts';
import { api } from './api-client';
import { errorMessage } from './api-error';
import { setProgress } from './progress';

/** The Trash screen's queries (features/trash); an Undo refreshes them too. */
export const trashQueryKey = ['trash'] as const;

/** The label of the delete alert's action (the issue's own word). */
export const undoLabel = 'UNDO';

/** `POST /api/trash/:trashId/restore` (api.md §12): the record comes back as it was. */
export function restoreFromTrash(trashId: string): Promise<unknown> {
  return api.post<unknown>(`${trashPath}/${encodeURIComponent(trashId)}/restore`);
}

/**
 * The success alert of a delete that moved its record to the trash: the server's words, and an
 * UNDO button for the alert's 6 seconds when the signed-in role may restore (`catalogue:write`).
 * UNDO restores, lets `refresh` reload what shows the record, and says so.
 */
export function showDeletedAlert(
  message: string,
  trashId: string | undefined,
  canRestore: boolean,
  refresh: () => Promise<unknown>,
): void {
  if (!trashId || !canRestore) {
    showAlert('success', message);
    return;
  }
  const undo = async () => {
    setProgress(40);
    try {
      await restoreFromTrash(trashId);
      await refresh();
      showAlert('success', trashMessages.restored);
    } catch (error) {
      showAlert('error', errorMessage(error));
    } finally {
      setProgress(100);
    }
  };
  showAlert('success', message, { label: undoLabel, run: () => void undo() });
}
