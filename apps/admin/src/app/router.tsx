import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { RouteErrorBoundary } from './route-error';
import { RouteFallback } from './route-fallback';
import { type AppRoute, appRoutes, redirects } from './route-table';

// The shell is lazy too (with TanStack Query), so the sign-in page never downloads the
// sidebar, the header or the query cache.
const Shell = lazy(() => import('./signed-in-layout'));

// Declarative routes (not the data router): nothing here needs loaders, and the data
// router would add ~15 KB gzip to the first download of every page.
function renderRoute({ path, screen: Screen }: AppRoute) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      }
    />
  );
}

/** Gives the API client (outside React) a way to send the user to /login. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((path) => void navigate(path)), [navigate]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <Routes>
        {redirects.map(({ from, to }) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        {appRoutes.filter((route) => route.layout === 'bare').map(renderRoute)}
        <Route
          element={
            <Suspense fallback={<RouteFallback />}>
              <Shell />
            </Suspense>
          }
        >
          {appRoutes.filter((route) => route.layout === 'shell').map(renderRoute)}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
