import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/** The Settings screens: staff and roles for roles holding staff:manage (api.md §10); the trash for all staff (§12). */
export const settingsRoutes: AppRoute[] = [
  { path: '/settings/staff', screen: lazyScreen(() => import('../routes/staff-list')), permission: 'staff:manage' },
  { path: '/settings/roles', screen: lazyScreen(() => import('../routes/role-list')), permission: 'staff:manage' },
  { path: '/settings/trash', screen: lazyScreen(() => import('../routes/trash-list')) },
];
