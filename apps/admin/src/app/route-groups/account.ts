import { lazySignedOutScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** Forgotten-password screens: bare (no sidebar or header), reachable signed out (route-table.ts). */
export const accountRoutes: AppRoute[] = [
  { path: '/forgot-password', screen: lazySignedOutScreen(() => import('../routes/forgot-password')) },
  { path: '/reset-password/:token', screen: lazySignedOutScreen(() => import('../routes/reset-password')) },
  // A staff invitation's link (api.md §10): signed out, like sign-up.
  { path: '/accept-invite', screen: lazySignedOutScreen(() => import('../routes/accept-invite')) },
];
