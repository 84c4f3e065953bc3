import { type StaffMember, type StaffUpdateBody, staffPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setProgress } from '../../../lib/progress';
import { roleKeys, staffKeys } from './staff-keys';

export function updateMember(id: string, body: StaffUpdateBody): Promise<StaffMember> {
  return api.put<StaffMember>(`${staffPath}/${encodeURIComponent(id)}`, body);
}

/** A role change or (de)activation; the staff list and the roles' member counts refresh. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffUpdateBody }) => updateMember(id, body),
    onMutate: () => setProgress(40),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.all }),
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      ]);
      setProgress(100);
    },
  });
}
