import type { PublicConfig } from '@shopdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const configKeys = { all: ['config'] as const };

export function getConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config');
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all, queryFn: getConfig, staleTime: 60_000 });
