import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import { accountRoutes } from './route-groups/account';
import { bannersRoutes } from './route-groups/banners';
import { catalogueRoutes } from './route-groups/catalogue';
import { ordersRoutes } from './route-groups/orders';
import { productsRoutes } from './route-groups/products';

/**
 * Every screen, lazily loaded. `shell` screens sit inside the sidebar + header layout
 * (which sends signed-out visitors to /login); `bare` screens (sign in/up) hide both.
 * To add a screen: add one line here, or in the feature group's file under route-groups/.
 */
export type AppRoute = {
  path: string;
  layout: 'shell' | 'bare';
  screen: LazyExoticComponent<ComponentType>;
};

const dashboard = lazyScreen(() => import('./routes/dashboard'));

export const appRoutes: AppRoute[] = [
  { path: '/', layout: 'shell', screen: dashboard },
  { path: '/dashboard', layout: 'shell', screen: dashboard },
  { path: '/login', layout: 'bare', screen: lazyScreen(() => import('./routes/login')) },
  { path: '/signUp', layout: 'bare', screen: lazyScreen(() => import('./routes/sign-up')) },
  { path: '/my-account', layout: 'shell', screen: lazyScreen(() => import('./routes/my-account')) },
  ...catalogueRoutes,
  ...productsRoutes,
  ...ordersRoutes,
  ...bannersRoutes,
  ...accountRoutes,
  { path: '*', layout: 'shell', screen: lazyScreen(() => import('./routes/not-found')) },
];

/** Old addresses kept working: the spec names both /signIn and /login for sign-in. */
export const redirects: { from: string; to: string }[] = [{ from: '/signIn', to: '/login' }];
