import { type Category, categoriesPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

/** Root categories with their sub categories, in creation order (api.md §5). */
export async function listCategories(signal?: AbortSignal): Promise<Category[]> {
  const answer = await api.get<{ categoryList: Category[] }>(categoriesPath, signal);
  return answer.categoryList;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.list(), queryFn: ({ signal }) => listCategories(signal) });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
