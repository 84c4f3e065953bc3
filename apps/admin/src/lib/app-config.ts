import type { PublicConfig } from '@shopdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { hasToken } from './session';

/**
 * `GET /api/config`. Signed in, it also names the owner (the one address allowed to
 * delete), so the signed-in state is part of the key.
 */
export const configKeys = {
  all: ['config'] as const,
  forSession: (signedIn: boolean) => ['config', signedIn] as const,
};

export function getConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config');
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: configKeys.forSession(hasToken()), queryFn: getConfig, staleTime: 60_000 });
