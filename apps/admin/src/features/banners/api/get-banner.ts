import { type Banner, type BannerFamily, bannerFamilies } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readTagged } from '../../../lib/held-records';
import { bannerKeys } from './banner-keys';

export const bannerPath = (family: BannerFamily, id: string) =>
  `${bannerFamilies[family].apiPath}/${encodeURIComponent(id)}`;

/** The banner, with its tag kept for an edit form's `If-Match` (lib/held-records.ts). */
export function getBanner(family: BannerFamily, id: string, signal?: AbortSignal): Promise<Banner> {
  return readTagged<Banner>(bannerPath(family, id), signal);
}

export const bannerQueryOptions = (family: BannerFamily, id: string) =>
  queryOptions({
    queryKey: bannerKeys.detail(family, id),
    queryFn: ({ signal }) => getBanner(family, id, signal),
    // Each read's own object: its tag (kept by object) is the one it came with.
    structuralSharing: false,
  });

export function useBanner(family: BannerFamily, id: string) {
  return useQuery(bannerQueryOptions(family, id));
}
