import type { ComponentType } from 'react';

/** One screen of the route table (route-table.ts, shell-routes.ts and the groups under route-groups/). */
export type AppRoute = {
  path: string;
  screen: ComponentType;
};
