import type { AppRoute } from '../route-table';

/** The catalogue screens' routes; owned by the catalogue feature work. */
export const catalogueRoutes: AppRoute[] = [];
