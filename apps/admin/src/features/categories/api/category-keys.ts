/** Query keys for categories: invalidating `all` refreshes lists, details and counts at once. */
export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (query: Record<string, unknown> = {}) => [...categoryKeys.lists(), query] as const,
  details: () => [...categoryKeys.all, 'detail'] as const,
  detail: (id: string) => [...categoryKeys.details(), id] as const,
};

/** The image family of category pictures, for the shared uploader (upload + deleteImage). */
export const categoryImageFamily = '/api/category';
