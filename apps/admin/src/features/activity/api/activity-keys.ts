import type { ActivityEntity } from '@shopdesk/contract';

/**
 * Query keys of the activity log. Every change made through the API writes an entry, so after
 * any successful save the whole of `all` is stale (app/query-client.ts invalidates it then).
 */
export const activityKeys = {
  all: ['activity'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...activityKeys.lists(), filters] as const,
  records: () => [...activityKeys.all, 'record'] as const,
  record: (entity: ActivityEntity, id: string) => [...activityKeys.records(), entity, id] as const,
};
