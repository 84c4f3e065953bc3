import type { ProfileBody, User } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export function updateUser(id: string, body: ProfileBody): Promise<User> {
  return api.put<User>(`/api/user/${encodeURIComponent(id)}`, body);
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
    },
  });
}
