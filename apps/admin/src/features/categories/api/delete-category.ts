import { catalogueMessages, categoriesPath } from '@shopdesk/contract';
import { useOwnerDelete } from '../../../components/ui/use-owner-delete';
import { api } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

type DeleteAnswer = { success: true; message: string; trashId: string };

/** Also removes a sub category (it is a category with a parent). */
export function deleteCategory(id: string): Promise<DeleteAnswer> {
  return api.delete<DeleteAnswer>(`${categoriesPath}/${encodeURIComponent(id)}`);
}

/** Owner-only delete (spec §6); the category list and counts refresh afterwards. */
export function useDeleteCategory() {
  return useOwnerDelete({
    onlyOwnerMessage: catalogueMessages.onlyOwnerDeletesCategory,
    remove: deleteCategory,
    invalidate: [categoryKeys.all],
  });
}
