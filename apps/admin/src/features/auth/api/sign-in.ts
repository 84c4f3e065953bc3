import type { SigninResponse } from '@shopdesk/contract';
import { api } from '../../../lib/api-client';

export type SignInInput = { email: string; password: string; otp?: string };

/**
 * The dashboard only admits administrators, so it always asks with isAdmin: true. A plain
 * call, not a TanStack mutation: the sign-in page paints without the query library.
 */
export function signIn(input: SignInInput): Promise<SigninResponse> {
  return api.post<SigninResponse>('/api/user/signin', { ...input, isAdmin: true });
}
