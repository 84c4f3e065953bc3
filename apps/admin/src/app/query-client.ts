import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** A 4xx will not change on retry; only network/5xx trouble gets one more try. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
