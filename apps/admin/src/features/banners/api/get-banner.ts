import { type Banner, type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bannerKeys } from './banner-keys';

export function getBanner(family: BannerFamily, id: string, signal?: AbortSignal): Promise<Banner> {
  return api.get<Banner>(`${bannerFamilies[family].apiPath}/${encodeURIComponent(id)}`, signal);
}

export const bannerQueryOptions = (family: BannerFamily, id: string) =>
  queryOptions({ queryKey: bannerKeys.detail(family, id), queryFn: ({ signal }) => getBanner(family, id, signal) });

export function useBanner(family: BannerFamily, id: string) {
  return useQuery(bannerQueryOptions(family, id));
}
