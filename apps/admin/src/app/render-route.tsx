import { Suspense } from 'react';
import { Route } from 'react-router';
import { RequirePermission } from '../components/ui/permission-gate';
import type { AppRoute } from './app-route';
import { RouteErrorBoundary } from './route-error';
import { RouteFallback } from './route-fallback';

/** One screen's route: its lazy code behind the top-bar fallback and an error boundary. */
export function renderRoute({ path, screen: Screen, permission }: AppRoute) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            {permission ? (
              <RequirePermission permission={permission}>
                <Screen />
              </RequirePermission>
            ) : (
              <Screen />
            )}
          </Suspense>
        </RouteErrorBoundary>
      }
    />
  );
}
