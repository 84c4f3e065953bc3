/**
 * Query keys for orders: invalidating `all` refreshes the list, details and the header's
 * pending-orders menu (which files its queries under the same 'orders' root).
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...orderKeys.lists(), query] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};
