import type { TwoFactorSetup } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * A new secret each time (the previous unconfirmed one is replaced), with its QR code. The
 * current password comes first: a signed-in browser alone cannot turn it on.
 */
export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/user/2fa/setup', { password });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
