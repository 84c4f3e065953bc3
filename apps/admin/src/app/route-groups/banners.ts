import type { AppRoute } from '../route-table';

/** The banners screens' routes; owned by the banners feature work. */
export const bannersRoutes: AppRoute[] = [];
