import { lazy, type ReactElement, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequirePermission } from '../components/ui/permission-gate';
import { CommandPalette } from './command-palette';
import { QueryProvider } from './query-provider';
import { renderRoute } from './render-route';
import { shellRoutes } from './shell-routes';

// Following the live events (api.md §14) starts once the frame has painted: its code (the
// stream reader and what each event refreshes) downloads beside the first screen, not before it.
const LiveUpdates = lazy(() => import('./live-updates').then((module) => ({ default: module.LiveUpdates })));

/**
 * Every signed-in screen inside `layout` (the sidebar + header shell, which the router
 * loads side by side with this module), with TanStack Query. The router renders this for
 * any address that is not a signed-out screen; an unknown one ends in the not-found
 * screen inside the shell.
 */
export default function SignedInRoutes({ layout }: { layout: ReactElement }) {
  return (
    <QueryProvider>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <Routes>
        <Route element={layout}>{shellRoutes.map((route) => renderRoute(route, RequirePermission))}</Route>
      </Routes>
      <CommandPalette />
    </QueryProvider>
  );
}
