import { isSignedOutPage } from '@shopdesk/contract';
import { Suspense, useEffect } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { lazyThemed } from '../lib/lazy-themed';
import { registerNavigate } from '../lib/navigation';
import { hasToken } from '../lib/session';
import { renderRoute } from './render-route';
import { RouteFallback } from './route-fallback';
import { bareRoutes, redirects } from './route-table';

// Every other address is a signed-in screen. Their route table (with TanStack Query) and the
// sidebar + header shell load side by side, and the sign-in page downloads neither. MUI's
// theme loads with them (the shell is drawn inside the routes' theme scope).
const loadShell = () => import('../components/layout/shell');
const Shell = lazyWithPreload(loadShell);
const SignedInRoutes = lazyThemed(() => {
  void loadShell();
  return import('./signed-in-routes').then((module) => module.default);
});

/**
 * The code a signed-in address draws first (the routes with MUI's theme, the sidebar + header,
 * the screen), loaded; nothing for a signed-out page or a visitor with no session. Awaited
 * before the first render (main.tsx), the first screen draws whole in one commit. Otherwise
 * each lazy part that suspends shows its fallback, and React then holds the content back until
 * 300 ms after the last fallback showed (its fallback throttle): the frame and the Dashboard's
 * figures appeared ~300 ms after they were ready (docs/architecture.md, "The dashboard's
 * download").
 */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  // The server's rule for which page an address gets (static-files.ts): a signed-out one has no frame.
  if (!hasToken() || isSignedOutPage(pathname)) return;
  const [{ preloadScreen }] = await Promise.all([import('./shell-routes'), SignedInRoutes.preload(), Shell.preload()]);
  await preloadScreen(pathname);
}

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
