import type { OkMessage } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setProgress } from '../../../lib/progress';
import { securityKeys } from './security-keys';

export function endSession(id: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`/api/user/sessions/${encodeURIComponent(id)}`);
}

/** Refreshes the list afterwards, also when the call failed (the session may be gone already). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onMutate: () => setProgress(40),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.lists() });
      setProgress(100);
    },
  });
}
