import { type Category, categoriesPath, type SubCategoryForm } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

/** A sub category is a category with a parentId; slug equals the name (spec §7, §9). */
export function createSubCategory(form: SubCategoryForm): Promise<Category> {
  return api.post<Category>(`${categoriesPath}/create`, { ...form, slug: form.name });
}

export function useCreateSubCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
