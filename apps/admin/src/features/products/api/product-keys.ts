/** Query keys for products: invalidating `all` refreshes lists, details and reviews at once. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...productKeys.lists(), query] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  reviews: (productId: string) => [...productKeys.all, 'reviews', productId] as const,
  /** Lookups the product screens read: categories, option values, countries. */
  lookups: (name: string) => [...productKeys.all, 'lookup', name] as const,
};

/** The image family of product pictures, for the shared uploader (upload + deleteImage). */
export const productImageFamily = '/api/products';
