import { type ReactNode, Suspense } from 'react';
import { TopLoadingBar } from '../components/ui/top-loading-bar';
import { useAlert } from '../lib/alerts';
import { lazyThemed } from '../lib/lazy-themed';

// Snackbar + Alert load with the first alert: the sign-in page does not need them to paint.
const AlertSnackbar = lazyThemed(() => import('../components/ui/alert-snackbar').then((module) => module.default));

/**
 * What every page has: the top loading bar and the app-wide alert. The page's base styles
 * and the light/dark palette are plain CSS (lib/base.css, the body's mode class); MUI's theme
 * comes with the first component that draws with MUI (lib/lazy-themed.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const hasAlerted = useAlert().key > 0;
  return (
    <>
      <TopLoadingBar />
      {children}
      {hasAlerted && (
        <Suspense fallback={null}>
          <AlertSnackbar />
        </Suspense>
      )}
    </>
  );
}
