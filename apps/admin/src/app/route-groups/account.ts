import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../route-table';

/** Forgotten-password screens: bare (no sidebar or header), reachable signed out. */
export const accountRoutes: AppRoute[] = [
  { path: '/forgot-password', layout: 'bare', screen: lazyScreen(() => import('../routes/forgot-password')) },
  { path: '/reset-password/:token', layout: 'bare', screen: lazyScreen(() => import('../routes/reset-password')) },
];
