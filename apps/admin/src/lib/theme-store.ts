import { createStore, useStore } from './store';

export type ThemeMode = 'light' | 'dark';
export const themeKey = 'theme';

function readMode(): ThemeMode {
  try {
    return localStorage.getItem(themeKey) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export const themeStore = createStore<ThemeMode>(readMode());

/** The spec applies the mode as a class on the page body (§4), besides the MUI palette. */
export function applyBodyClass(mode: ThemeMode): void {
  document.body.classList.remove('light', 'dark');
  document.body.classList.add(mode);
}

export function setThemeMode(mode: ThemeMode): void {
  localStorage.setItem(themeKey, mode);
  applyBodyClass(mode);
  themeStore.set(mode);
}

export function toggleThemeMode(): void {
  setThemeMode(themeStore.get() === 'dark' ? 'light' : 'dark');
}

/** After logout cleared all storage the stored mode is gone: fall back to light. */
export function resetThemeMode(): void {
  applyBodyClass('light');
  themeStore.set('light');
}

export function useThemeMode(): ThemeMode {
  return useStore(themeStore);
}
