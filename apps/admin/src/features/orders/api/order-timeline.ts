import { type OrderTimelineEntry, ordersPath } from '@shopdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

const timelinePath = (id: string) => `${ordersPath}/${encodeURIComponent(id)}/timeline`;
const notesPath = (id: string) => `${ordersPath}/${encodeURIComponent(id)}/notes`;

/** Filed under the order's detail key, so every order change (status, note, invoice) refreshes it. */
export const timelineKey = (id: string) => [...orderKeys.detail(id), 'timeline'] as const;

/** `GET /api/orders/:id/timeline` (api.md §15), oldest first. */
export function useOrderTimeline(id: string) {
  return useQuery({
    queryKey: timelineKey(id),
    queryFn: ({ signal }) => api.get<OrderTimelineEntry[]>(timelinePath(id), signal),
  });
}

/** `POST /api/orders/:id/notes`; the timeline is read again so the note shows in its place. */
export function useAddOrderNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<OrderTimelineEntry>(notesPath(id), { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKey(id) }),
  });
}
