import { MutationCache, QueryClient } from '@tanstack/react-query';
import { activityKeys } from '../features/activity/api/activity-keys';
import { ApiError } from '../lib/api-error';

/** A 4xx will not change on retry; only network/5xx trouble gets one more try. */
export const queryClient = new QueryClient({
  // Every change made through the API writes an activity entry (api.md §11): after any save,
  // the Activity screen and the History panels re-read (not awaited: the save's own follow-up
  // does not wait for them).
  mutationCache: new MutationCache({
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  }),
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
