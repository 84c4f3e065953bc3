import { type Banner, type BannerFamily, type BannerForm, bannerFamilies } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bannerKeys } from './banner-keys';

/** Create without an id, update with one; the server looks up the category names. */
export function saveBanner(family: BannerFamily, form: BannerForm, id?: string): Promise<Banner> {
  const { apiPath } = bannerFamilies[family];
  return id
    ? api.put<Banner>(`${apiPath}/${encodeURIComponent(id)}`, form)
    : api.post<Banner>(`${apiPath}/create`, form);
}

export function useSaveBanner(family: BannerFamily, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: BannerForm) => saveBanner(family, form, id),
    // 'all': the list is not on screen yet; refetch it now so the list never flashes the old row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all(family), refetchType: 'all' }),
  });
}
