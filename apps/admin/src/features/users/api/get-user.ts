import type { User } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/api/user/${encodeURIComponent(id)}`, signal);
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
