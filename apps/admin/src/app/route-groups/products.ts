import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** The product screens (spec §2); the Dashboard itself is in shell-routes.ts. */
export const productsRoutes: AppRoute[] = [
  { path: '/products', screen: lazyScreen(() => import('../routes/product-list')) },
  { path: '/product/details/:id', screen: lazyScreen(() => import('../routes/product-view')) },
  {
    path: '/product/upload',
    screen: lazyScreen(() => import('../routes/product-upload')),
    permission: 'catalogue:write',
  },
  {
    path: '/product/edit/:id',
    screen: lazyScreen(() => import('../routes/product-edit')),
    permission: 'catalogue:write',
  },
];
