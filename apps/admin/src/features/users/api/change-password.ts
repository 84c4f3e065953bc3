import type { ChangePasswordBody, OkMessage } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The old password travels as `password`, the new one as `newPass` (spec §7). */
export function changePassword(id: string, body: ChangePasswordBody): Promise<OkMessage> {
  return api.put<OkMessage>(`/api/user/changePassword/${encodeURIComponent(id)}`, body);
}

export function useChangePassword(id: string) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(id, body) });
}
