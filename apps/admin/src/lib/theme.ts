import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-store';

/**
 * Colours chosen for WCAG AA contrast in both modes (axe runs on light and dark):
 * primary text on the background and white text on filled buttons stay above 4.5:1.
 */
export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    // The spec's breakpoints (§9) are MUI's defaults; named here so nobody changes them by accident.
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    palette: {
      mode,
      primary: dark ? { main: '#90caf9', contrastText: '#0b1a2b' } : { main: '#1565c0', contrastText: '#ffffff' },
      success: { main: dark ? '#81c784' : '#2e7d32' },
      error: { main: dark ? '#ef9a9a' : '#c62828' },
      background: dark ? { default: '#0f1721', paper: '#16202c' } : { default: '#f4f6fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
