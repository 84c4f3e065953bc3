import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { lazyThemed } from '../lib/lazy-themed';
import { registerNavigate } from '../lib/navigation';
import { renderRoute } from './render-route';
import { RouteFallback } from './route-fallback';
import { bareRoutes, redirects } from './route-table';

// Every other address is a signed-in screen. Their route table (with TanStack Query) and the
// sidebar + header shell load side by side, and the sign-in page downloads neither. MUI's
// theme loads with them (the shell is drawn inside the routes' theme scope).
const loadShell = () => import('../components/layout/shell');
const Shell = lazy(loadShell);
const SignedInRoutes = lazyThemed(() => {
  void loadShell();
  return import('./signed-in-routes').then((module) => module.default);
});

// Declarative routes (not the data router): nothing here needs loaders, and the data
// router would add ~15 KB gzip to the first download of every page.

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
        {bareRoutes.map((route) => renderRoute(route))}
        <Route
          path="*"
          element={
            <Suspense fallback={<RouteFallback />}>
              <SignedInRoutes
                layout={
                  <Suspense fallback={<RouteFallback />}>
                    <Shell />
                  </Suspense>
                }
              />
            </Suspense>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
