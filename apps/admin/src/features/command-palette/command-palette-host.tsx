import { CommandPalette } from './command-palette';
import type { PaletteSources } from './palette-items';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useGlobalShortcuts } from './use-global-shortcuts';

export type { PaletteSources } from './palette-items';

/**
 * The palette, the shortcuts list and the keys that open them: mounted once for the signed-in
 * screens, by the app, which hands it what other features provide (`sources`).
 */
export function CommandPaletteHost({ sources }: { sources: PaletteSources }) {
  useGlobalShortcuts();
  return (
    <>
      <CommandPalette sources={sources} />
      <ShortcutsDialog />
    </>
  );
}
