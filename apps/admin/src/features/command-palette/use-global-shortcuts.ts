import { useEffect } from 'react';
import {
  closeShortcutDialogs,
  focusScreenSearch,
  isPaletteKey,
  isSearchKey,
  isShortcutsKey,
  isTypingTarget,
  openPalette,
  openShortcuts,
  shortcutDialogStore,
} from '../../lib/shortcuts';

/** What a key pressed anywhere in the signed-in dashboard does (see lib/shortcuts.ts). */
export function handleShortcutKey(event: KeyboardEvent): void {
  if (isPaletteKey(event)) {
    // From anywhere, text fields too: the browser's own Ctrl+K (its search bar) is kept out.
    event.preventDefault();
    if (shortcutDialogStore.get() === 'palette') closeShortcutDialogs();
    else openPalette();
    return;
  }
  if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
  if (isShortcutsKey(event)) {
    event.preventDefault();
    openShortcuts();
  } else if (isSearchKey(event) && shortcutDialogStore.get() === 'none' && focusScreenSearch()) {
    // Only when the screen has a search field: otherwise `/` keeps its browser meaning.
    event.preventDefault();
  }
}

/** Listens for the shortcuts while the signed-in shell is shown. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleShortcutKey);
    return () => {
      window.removeEventListener('keydown', handleShortcutKey);
      // Signed out (the shell gone): nothing stays open for the next sign-in.
      closeShortcutDialogs();
    };
  }, []);
}
