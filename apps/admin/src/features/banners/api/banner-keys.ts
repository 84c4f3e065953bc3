import type { BannerFamily } from '@shopdesk/contract';

/** Query keys per banner family: invalidating `all(family)` refreshes its list and details. */
export const bannerKeys = {
  all: (family: BannerFamily) => ['banners', family] as const,
  lists: (family: BannerFamily) => [...bannerKeys.all(family), 'list'] as const,
  list: (family: BannerFamily, query: Record<string, unknown> = {}) => [...bannerKeys.lists(family), query] as const,
  details: (family: BannerFamily) => [...bannerKeys.all(family), 'detail'] as const,
  detail: (family: BannerFamily, id: string) => [...bannerKeys.details(family), id] as const,
};
