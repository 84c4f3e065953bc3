import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SignUpInput = { name: string; email: string; phone: string; password: string; confirmPassword: string };
export type SignUpResponse = { status: 'SUCCESS'; error: false; msg: string };

/** Dashboard sign-ups are always administrators (spec §3). */
export function signUp(input: SignUpInput): Promise<SignUpResponse> {
  return api.post<SignUpResponse>('/api/user/signup', { ...input, isAdmin: true });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
