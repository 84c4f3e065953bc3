/** Query keys for account security: invalidating `all` refreshes every sessions query at once. */
export const securityKeys = {
  all: ['account-security'] as const,
  lists: () => [...securityKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...securityKeys.lists(), query] as const,
  details: () => [...securityKeys.all, 'detail'] as const,
  detail: (id: string) => [...securityKeys.details(), id] as const,
  sessions: () => securityKeys.list({ kind: 'sessions' }),
};
