import { type Category, type CategoryForm, categoriesPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveHeld } from '../../../lib/held-records';
import { categoryKeys } from './category-keys';
import { categoryPath } from './get-category';

/** The spec keeps slug equal to the name (§9). */
export function createCategory(form: CategoryForm): Promise<Category> {
  return api.post<Category>(`${categoriesPath}/create`, { ...form, slug: form.name });
}

/** With `If-Match` when an edit form holds the category (a change made meanwhile: 409). */
export function updateCategory(id: string, form: CategoryForm): Promise<Category> {
  return saveHeld<Category>(categoryPath(id), form);
}

/** Create without an id, update with one; either way every category query is stale after. */
export function useSaveCategory(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CategoryForm) => (id ? updateCategory(id, form) : createCategory(form)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
