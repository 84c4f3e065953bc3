import type { SessionInfo } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { securityKeys } from './security-keys';

export function listSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return api.get<SessionInfo[]>('/api/user/sessions', signal);
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: securityKeys.sessions(), queryFn: ({ signal }) => listSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
