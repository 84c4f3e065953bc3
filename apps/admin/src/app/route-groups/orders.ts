import type { AppRoute } from '../route-table';

/** The orders screens' routes; owned by the orders feature work. */
export const ordersRoutes: AppRoute[] = [];
