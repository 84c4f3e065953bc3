import { type Banner, type BannerFamily, type BannerForm, bannerFamilies } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveHeld } from '../../../lib/held-records';
import { bannerKeys } from './banner-keys';
import { bannerPath } from './get-banner';

/** Create without an id, update with one; the server looks up the category names. */
export function saveBanner(family: BannerFamily, form: BannerForm, id?: string): Promise<Banner> {
  // An update names the copy an edit form holds (If-Match): a change made meanwhile answers 409.
  return id
    ? saveHeld<Banner>(bannerPath(family, id), form)
    : api.post<Banner>(`${bannerFamilies[family].apiPath}/create`, form);
}

export function useSaveBanner(family: BannerFamily, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: BannerForm) => saveBanner(family, form, id),
    // 'all': the list is not on screen yet; refetch it now so the list never flashes the old row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all(family), refetchType: 'all' }),
  });
}
