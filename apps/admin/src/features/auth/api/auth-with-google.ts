import { oidcPaths, type SigninResponse } from '@shopdesk/contract';
import { api } from '../../../lib/api-client';
import type { GooglePopupAnswer } from '../components/google-popup';

/** The spec's Google payload (§3) plus the credential that proves it (api.md §3, §8). */
export function authWithGoogle({ profile, credential }: GooglePopupAnswer, otp?: string): Promise<SigninResponse> {
  return api.post<SigninResponse>(oidcPaths.authWithGoogle, {
    name: profile.name,
    email: profile.email,
    password: null,
    images: profile.picture,
    phone: '',
    isAdmin: true,
    credential,
    ...(otp ? { otp } : {}),
  });
}
