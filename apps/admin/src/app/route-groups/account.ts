import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** Forgotten-password screens: bare (no sidebar or header), reachable signed out (route-table.ts). */
export const accountRoutes: AppRoute[] = [
  { path: '/forgot-password', screen: lazyScreen(() => import('../routes/forgot-password')) },
  { path: '/reset-password/:token', screen: lazyScreen(() => import('../routes/reset-password')) },
  // A staff invitation's link (api.md §10): signed out, like sign-up.
  { path: '/accept-invite', screen: lazyScreen(() => import('../routes/accept-invite')) },
];
