import { type Category, categoriesPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { readTagged } from '../../../lib/held-records';
import { categoryKeys } from './category-keys';

/** `GET /api/category/:id` answers `{categoryData: [category]}`: the first item is the record. */
export const categoryPath = (id: string) => `${categoriesPath}/${encodeURIComponent(id)}`;

export function getCategory(id: string, signal?: AbortSignal): Promise<Category> {
  return readTagged<{ categoryData: Category[] }, Category>(categoryPath(id), signal, (answer) => {
    const category = answer.categoryData[0];
    if (!category) throw new ApiError(404, { msg: 'Category not found' });
    return category;
  });
}

export const categoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => getCategory(id, signal),
    // Each read's own object: its tag (kept by object) is the one it came with.
    structuralSharing: false,
  });

export function useCategory(id: string) {
  // The edit form copies this record once: never start it from a cached, older copy.
  return useQuery({ ...categoryQueryOptions(id), gcTime: 0 });
}
