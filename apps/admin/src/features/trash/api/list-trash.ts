import { type TrashEntity, type TrashEntry, trashPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trashQueryKey } from '../../../lib/undo-delete';

/** The Trash screen's query keys: every list under `trash`, so an Undo anywhere refreshes them. */
export const trashKeys = {
  all: trashQueryKey,
  list: (entity: TrashEntity | undefined) => [...trashQueryKey, 'list', entity ?? 'all'] as const,
};

export function listTrash(entity: TrashEntity | undefined, signal?: AbortSignal): Promise<TrashEntry[]> {
  const query = entity ? `?entity=${encodeURIComponent(entity)}` : '';
  return api.get<TrashEntry[]>(`${trashPath}${query}`, signal);
}

export const trashQueryOptions = (entity: TrashEntity | undefined) =>
  queryOptions({ queryKey: trashKeys.list(entity), queryFn: ({ signal }) => listTrash(entity, signal) });

export function useTrash(entity: TrashEntity | undefined) {
  return useQuery(trashQueryOptions(entity));
}
