import { type Role, type RoleBody, rolesPath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys, staffKeys } from './staff-keys';

/** Creates a role, or changes the one named by `id`. */
export function saveRole(body: RoleBody, id?: string): Promise<Role> {
  return id ? api.put<Role>(`${rolesPath}/${encodeURIComponent(id)}`, body) : api.post<Role>(rolesPath, body);
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: RoleBody; id?: string | undefined }) => saveRole(body, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: staffKeys.all }),
      ]),
  });
}
