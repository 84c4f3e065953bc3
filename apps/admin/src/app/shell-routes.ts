import { lazyScreen } from '../lib/lazy-screen';
import type { AppRoute } from './app-route';
import { bannersRoutes } from './route-groups/banners';
import { catalogueRoutes } from './route-groups/catalogue';
import { ordersRoutes } from './route-groups/orders';
import { productsRoutes } from './route-groups/products';
import { settingsRoutes } from './route-groups/settings';

const dashboard = lazyScreen(() => import('./routes/dashboard'));

/** The signed-in screens, inside the shell (see route-table.ts). */
export const shellRoutes: AppRoute[] = [
  { path: '/', screen: dashboard },
  { path: '/dashboard', screen: dashboard },
  { path: '/my-account', screen: lazyScreen(() => import('./routes/my-account')) },
  ...catalogueRoutes,
  ...productsRoutes,
  ...ordersRoutes,
  ...bannersRoutes,
  ...settingsRoutes,
  { path: '*', screen: lazyScreen(() => import('./routes/not-found')) },
];
