import { lazy, Suspense, useState } from 'react';
import { useGlobalShortcuts } from '../features/command-palette/use-global-shortcuts';
import { useShortcutDialog } from '../lib/shortcuts';

// The dialogs (and what they search with) download the first time one is opened, not with
// every signed-in page: only the keys that open them are part of the signed-in frame.
const Dialogs = lazy(() => import('./command-palette-dialogs'));

/** The command palette and the keyboard shortcuts (issue 20), for every signed-in screen. */
export function CommandPalette() {
  useGlobalShortcuts();
  const isOpen = useShortcutDialog() !== 'none';
  const [isLoaded, setIsLoaded] = useState(false);
  if (isOpen && !isLoaded) setIsLoaded(true);
  return isLoaded ? (
    <Suspense fallback={null}>
      <Dialogs />
    </Suspense>
  ) : null;
}
