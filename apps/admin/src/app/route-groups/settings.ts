import { lazyScreen } from '../../lib/lazy-screen';
import type { AppRoute } from '../app-route';

/**
 * The Settings screens: staff and roles for roles holding staff:manage (api.md §10), the
 * activity log for those holding audit:read (§11), the trash for all staff (§12).
 */
export const settingsRoutes: AppRoute[] = [
  { path: '/settings/staff', screen: lazyScreen(() => import('../routes/staff-list')), permission: 'staff:manage' },
  { path: '/settings/roles', screen: lazyScreen(() => import('../routes/role-list')), permission: 'staff:manage' },
  {
    path: '/settings/activity',
    screen: lazyScreen(() => import('../routes/activity-list')),
    permission: 'audit:read',
  },
  { path: '/settings/trash', screen: lazyScreen(() => import('../routes/trash-list')) },
];
