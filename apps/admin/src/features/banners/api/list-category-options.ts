import { type Category, categoriesPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Root categories with their children, for the banner forms' two selects. Features do not
 * import each other, so banners ask for the list themselves; the key matches the categories
 * feature's list key so both share one cached answer and one invalidation.
 */
export function listCategoryOptions(signal?: AbortSignal): Promise<Category[]> {
  return api.get<{ categoryList: Category[] }>(categoriesPath, signal).then((answer) => answer.categoryList);
}

export function useCategoryOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['categories', 'list', {}],
    queryFn: ({ signal }) => listCategoryOptions(signal),
    enabled,
  });
}
