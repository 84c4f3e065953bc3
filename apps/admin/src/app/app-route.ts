import type { Permission } from '@shopdesk/contract';
import type { ComponentType } from 'react';

/** One screen of the route table (route-table.ts, shell-routes.ts and the groups under route-groups/). */
export type AppRoute = {
  path: string;
  screen: ComponentType;
  /** What the signed-in role must hold to use the screen; without it the screen says so (api.md §10). */
  permission?: Permission;
};
