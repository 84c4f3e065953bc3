import { type Banner, type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bannerKeys } from './banner-keys';

/** Every record of one family, in creation order (api.md §6). */
export function listBanners(family: BannerFamily, signal?: AbortSignal): Promise<Banner[]> {
  return api.get<Banner[]>(bannerFamilies[family].apiPath, signal);
}

export const bannersQueryOptions = (family: BannerFamily) =>
  queryOptions({ queryKey: bannerKeys.list(family), queryFn: ({ signal }) => listBanners(family, signal) });

export function useBanners(family: BannerFamily) {
  return useQuery(bannersQueryOptions(family));
}
