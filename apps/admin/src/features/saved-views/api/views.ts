import {
  type SavedView,
  type SavedViewBody,
  type savedViewChangeSchema,
  type ViewScreen,
  viewsPath,
} from '@shopdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { setProgress } from '../../../lib/progress';

/** Query keys for saved views: invalidating `all` refreshes every screen's list. */
export const viewKeys = {
  all: ['views'] as const,
  list: (screen: ViewScreen) => [...viewKeys.all, screen] as const,
};

const viewPath = (id: string) => `${viewsPath}/${encodeURIComponent(id)}`;

/** The caller's own views of a screen and those shared with the team (api.md §16). */
export const viewsQueryOptions = (screen: ViewScreen) =>
  queryOptions({
    queryKey: viewKeys.list(screen),
    queryFn: ({ signal }) => api.get<SavedView[]>(`${viewsPath}?screen=${screen}`, signal),
  });

export function useViews(screen: ViewScreen, enabled: boolean) {
  return useQuery({ ...viewsQueryOptions(screen), enabled });
}

function useViewMutation<Input, Answer>(run: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onMutate: () => setProgress(40),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: viewKeys.all });
      setProgress(100);
    },
  });
}

export function useSaveView() {
  return useViewMutation((body: SavedViewBody) => api.post<SavedView>(viewsPath, body));
}

export function useChangeView() {
  return useViewMutation(({ id, ...change }: { id: string } & z.input<typeof savedViewChangeSchema>) =>
    api.put<SavedView>(viewPath(id), change),
  );
}

export function useDeleteView() {
  return useViewMutation((id: string) => api.delete<{ success: true; message: string }>(viewPath(id)));
}
