import type { OkMessage } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ResetPasswordInput = { token: string; password: string; confirmPassword: string };

export function resetPassword(input: ResetPasswordInput): Promise<OkMessage> {
  return api.post<OkMessage>('/api/user/resetPassword', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
