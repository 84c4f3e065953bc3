import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { TopLoadingBar } from '../components/ui/top-loading-bar';
import { useAlert } from '../lib/alerts';
import { createAppTheme } from '../lib/theme';
import { applyBodyClass, useThemeMode } from '../lib/theme-store';

// Snackbar + Alert load with the first alert: the sign-in page does not need them to paint.
const AlertSnackbar = lazy(() => import('../components/ui/alert-snackbar'));

export function AppProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const hasAlerted = useAlert().key > 0;

  useEffect(() => applyBodyClass(mode), [mode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <TopLoadingBar />
      {children}
      {hasAlerted && (
        <Suspense fallback={null}>
          <AlertSnackbar />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
