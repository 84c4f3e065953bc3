import { type InviteBody, staffPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

export type InviteAnswer = { id: string; inviteUrl: string };

export function inviteStaff(body: InviteBody): Promise<InviteAnswer> {
  return api.post<InviteAnswer>(`${staffPath}/invite`, body);
}

/** The list shows the new invitation afterwards. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
