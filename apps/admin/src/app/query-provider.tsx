import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query for the screens that fetch. Not in the first download: the sign-in page
 * does not use it, so the shell and the other signed-out screens bring it with their code.
 * Every provider shares the one client, so the cache survives moving between them.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
