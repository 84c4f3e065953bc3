import { type Category, categoriesPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { categoryKeys } from './category-keys';

/** `GET /api/category/:id` answers `{categoryData: [category]}`: the first item is the record. */
export async function getCategory(id: string, signal?: AbortSignal): Promise<Category> {
  const answer = await api.get<{ categoryData: Category[] }>(`${categoriesPath}/${encodeURIComponent(id)}`, signal);
  const category = answer.categoryData[0];
  if (!category) throw new ApiError(404, { msg: 'Category not found' });
  return category;
}

export const categoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) });

export function useCategory(id: string) {
  // The edit form copies this record once: never start it from a cached, older copy.
  return useQuery({ ...categoryQueryOptions(id), gcTime: 0 });
}
