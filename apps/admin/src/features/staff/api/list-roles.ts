import { type Role, rolesPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys } from './staff-keys';

export function listRoles(signal?: AbortSignal): Promise<Role[]> {
  return api.get<Role[]>(rolesPath, signal);
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.lists(), queryFn: ({ signal }) => listRoles(signal) });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
