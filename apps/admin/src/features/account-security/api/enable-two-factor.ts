import type { RecoveryCodesAnswer } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The recovery codes come back only here, once: the server keeps just their hashes. */
export function enableTwoFactor(otp: string): Promise<RecoveryCodesAnswer> {
  return api.post<RecoveryCodesAnswer>('/api/user/2fa/enable', { otp });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
