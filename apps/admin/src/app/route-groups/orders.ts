import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** The orders screens' routes; owned by the orders feature work. React Router also matches '/orders/'. */
export const ordersRoutes: AppRoute[] = [
  { path: '/orders', screen: lazyScreen(() => import('../routes/order-list')) },
  { path: '/orders/:id', screen: lazyScreen(() => import('../routes/order-page')) },
];
