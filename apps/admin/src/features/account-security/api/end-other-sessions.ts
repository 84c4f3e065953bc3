import type { OkMessage } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setProgress } from '../../../lib/progress';
import { securityKeys } from './security-keys';

/** Ends every session of this account except the one making the call. */
export function endOtherSessions(): Promise<OkMessage> {
  return api.delete<OkMessage>('/api/user/sessions');
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onMutate: () => setProgress(40),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: securityKeys.lists() });
      setProgress(100);
    },
  });
}
