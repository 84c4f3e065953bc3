import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../route-table';

/** The product screens (spec §2); the Dashboard itself is in the route table. */
export const productsRoutes: AppRoute[] = [
  { path: '/products', layout: 'shell', screen: lazyScreen(() => import('../routes/product-list')) },
  { path: '/product/details/:id', layout: 'shell', screen: lazyScreen(() => import('../routes/product-view')) },
  { path: '/product/upload', layout: 'shell', screen: lazyScreen(() => import('../routes/product-upload')) },
  { path: '/product/edit/:id', layout: 'shell', screen: lazyScreen(() => import('../routes/product-edit')) },
];
