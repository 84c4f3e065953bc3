import { matchPath } from 'react-router';
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

/** The code of the screen at `pathname` (the first route that matches, as the router picks it), loaded. */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = shellRoutes.find(({ path }) => matchPath(path, pathname));
  const screen = route?.screen as { preload?: () => Promise<unknown> } | undefined;
  await screen?.preload?.();
}
