import { type Theme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createAppTheme } from './theme';
import { type ThemeMode, useThemeMode } from './theme-store';

const themes = new Map<ThemeMode, Theme>();

function themeOf(mode: ThemeMode): Theme {
  let theme = themes.get(mode);
  if (!theme) {
    theme = createAppTheme(mode);
    themes.set(mode, theme);
  }
  return theme;
}

/**
 * MUI's theme (light or dark, as the mode store says) for what is inside. Not part of the
 * first download: lazy-themed.tsx loads it with the first component that draws with MUI, so
 * the sign-in page paints from plain CSS (base.css) before MUI and emotion have loaded.
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={themeOf(useThemeMode())}>{children}</ThemeProvider>;
}
