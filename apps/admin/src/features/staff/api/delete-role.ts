import { type OkMessage, rolesPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setProgress } from '../../../lib/progress';
import { roleKeys } from './staff-keys';

export function deleteRole(id: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`${rolesPath}/${encodeURIComponent(id)}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onMutate: () => setProgress(40),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      setProgress(100);
    },
  });
}
