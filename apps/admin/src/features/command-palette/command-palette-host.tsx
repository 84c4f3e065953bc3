import { CommandPalette } from './command-palette';
import type { PaletteSources } from './palette-items';
import { ShortcutsDialog } from './shortcuts-dialog';

export type { PaletteSources } from './palette-items';
export { useGlobalShortcuts } from './use-global-shortcuts';

/**
 * The palette and the shortcuts list, mounted once for the signed-in screens by the app, which
 * hands it what other features provide (`sources`). The keys that open them are
 * `useGlobalShortcuts` (kept apart, so these dialogs can load only when first opened).
 */
export function CommandPaletteDialogs({ sources }: { sources: PaletteSources }) {
  return (
    <>
      <CommandPalette sources={sources} />
      <ShortcutsDialog />
    </>
  );
}
