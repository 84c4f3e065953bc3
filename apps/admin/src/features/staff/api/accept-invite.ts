import { type AcceptInviteBody, type SigninResponse, staffPath } from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Public: makes the invited account and answers as a sign-in does (api.md §10). */
export function acceptInvite(body: AcceptInviteBody): Promise<SigninResponse> {
  return api.post<SigninResponse>(`${staffPath}/acceptInvite`, body);
}

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
