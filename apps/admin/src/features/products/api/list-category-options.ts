import { type Category, categoriesPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** Root categories with their children: the category filter and the form's two selects. */
export async function listCategoryOptions(signal?: AbortSignal): Promise<Category[]> {
  const answer = await api.get<{ categoryList: Category[] }>(categoriesPath, signal);
  return answer.categoryList;
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: productKeys.lookups('categories'),
    queryFn: ({ signal }) => listCategoryOptions(signal),
  });
}
