import { type ActivityEntity, type ActivityPage, activityPath } from '@shopdesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { activityKeys } from './activity-keys';

/** A History panel shows a few entries at a time: it sits under the record's own screen. */
export const historyPageSize = 10;

/** `GET /api/activity/{entity}/{id}` (any staff): one record's history, newest first. */
export function getRecordHistory(
  entity: ActivityEntity,
  id: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const params = new URLSearchParams({ limit: String(historyPageSize) });
  if (cursor) params.set('cursor', cursor);
  return api.get<ActivityPage>(`${activityPath}/${entity}/${encodeURIComponent(id)}?${params}`, signal);
}

export const recordHistoryQueryOptions = (entity: ActivityEntity, id: string) =>
  infiniteQueryOptions({
    queryKey: activityKeys.record(entity, id),
    queryFn: ({ pageParam, signal }) => getRecordHistory(entity, id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRecordHistory(entity: ActivityEntity, id: string) {
  return useInfiniteQuery(recordHistoryQueryOptions(entity, id));
}
