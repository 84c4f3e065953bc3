import type { OkMessage } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The server answers the same words whether or not the address has an account. */
export function forgotPassword(email: string): Promise<OkMessage> {
  return api.post<OkMessage>('/api/user/forgotPassword', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
