import type { AppRoute } from '../route-table';

/** The products screens' routes; owned by the products feature work. */
export const productsRoutes: AppRoute[] = [];
