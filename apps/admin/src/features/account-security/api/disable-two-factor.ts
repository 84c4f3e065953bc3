import type { OkMessage } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type DisableTwoFactorInput = { password: string; otp: string };

export function disableTwoFactor(input: DisableTwoFactorInput): Promise<OkMessage> {
  return api.post<OkMessage>('/api/user/2fa/disable', input);
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
