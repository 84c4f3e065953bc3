import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** The product screens (spec §2); the Dashboard itself is in shell-routes.ts. */
export const productsRoutes: AppRoute[] = [
  { path: '/products', screen: lazyScreen(() => import('../routes/product-list')) },
  { path: '/product/details/:id', screen: lazyScreen(() => import('../routes/product-view')) },
  // api.md §13: CSV import (choose, dry run, import), for roles holding `import`.
  {
    path: '/products/import',
    screen: lazyScreen(() => import('../routes/product-import')),
    permission: 'import',
  },
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
