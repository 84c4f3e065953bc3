import type { SigninResponse } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SignInInput = { email: string; password: string; otp?: string };

/** The dashboard only admits administrators, so it always asks with isAdmin: true. */
export function signIn(input: SignInInput): Promise<SigninResponse> {
  return api.post<SigninResponse>('/api/user/signin', { ...input, isAdmin: true });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
