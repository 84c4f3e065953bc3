import { type StaffMember, staffPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

export function listStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return api.get<StaffMember[]>(staffPath, signal);
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.lists(), queryFn: ({ signal }) => listStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
