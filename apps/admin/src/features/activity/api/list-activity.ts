import { type ActivityAction, type ActivityEntity, type ActivityPage, activityPath } from '@shopdesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { activityKeys } from './activity-keys';

/**
 * The Activity screen's filters as the API takes them (api.md §11): who (an account id), what
 * (action, entity), when (`from`/`to`, ISO 8601), which record (entity id). Absent = any.
 */
export type ActivityFilters = {
  actor?: string;
  action?: ActivityAction;
  entity?: ActivityEntity;
  entityId?: string;
  from?: string;
  to?: string;
};

export function listActivity(filters: ActivityFilters, cursor?: string, signal?: AbortSignal): Promise<ActivityPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api.get<ActivityPage>(query ? `${activityPath}?${query}` : activityPath, signal);
}

/** Newest first; each next page is the older one the last page's cursor names. */
export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listActivity(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery(activityQueryOptions(filters));
}
