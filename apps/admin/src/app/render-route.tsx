import type { Permission } from '@shopdesk/contract';
import { type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { Route } from 'react-router';
import { finishStartProgress } from '../lib/progress';
import type { AppRoute } from './app-route';
import { RouteErrorBoundary } from './route-error';
import { RouteFallback } from './route-fallback';

/** What stands in front of a screen that needs a permission (the signed-in table passes it). */
export type PermissionGate = ComponentType<{ permission: Permission; children: ReactNode }>;

/**
 * Mounts with its screen: a screen drawn with no fallback before it (the sign-in page, part of
 * the first download; a first screen preloaded, main.tsx) finishes the app start's top bar.
 */
function ScreenDrawn() {
  useEffect(finishStartProgress, []);
  return null;
}

/**
 * One screen's route: its lazy code behind the top-bar fallback and an error boundary; with a
 * `Gate`, a screen that declares a permission behind it. The signed-out table passes none, so
 * the sign-in page's download carries nothing of the permissions.
 */
export function renderRoute({ path, screen: Screen, permission }: AppRoute, Gate?: PermissionGate) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            <ScreenDrawn />
            {Gate && permission ? (
              <Gate permission={permission}>
                <Screen />
              </Gate>
            ) : (
              <Screen />
            )}
          </Suspense>
        </RouteErrorBoundary>
      }
    />
  );
}
