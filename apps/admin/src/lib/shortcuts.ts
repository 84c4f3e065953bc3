import { createStore, useStore } from './store';

/**
 * The dashboard's keyboard shortcuts (issue 20): Ctrl+K (⌘K on macOS) opens the command palette
 * from anywhere, even a text field; `?` lists the shortcuts and `/` focuses the screen's search
 * field, both only when focus is not in a text field, so they never steal typing. Here: which
 * dialog is open, which keys are which, and the search fields' mark (the palette itself is the
 * command-palette feature; the header's button and every screen's search field use this).
 */

/** The command palette's title, the header button's words. */
export const paletteTitle = 'Search or jump to…';

/** Which of the two shortcut dialogs is open: the command palette, the shortcuts list, or none. */
export type ShortcutDialog = 'none' | 'palette' | 'shortcuts';

export const shortcutDialogStore = createStore<ShortcutDialog>('none');

export const openPalette = () => shortcutDialogStore.set('palette');
export const openShortcuts = () => shortcutDialogStore.set('shortcuts');
export const closeShortcutDialogs = () => shortcutDialogStore.set('none');

export function useShortcutDialog(): ShortcutDialog {
  return useStore(shortcutDialogStore);
}

/** The mark a screen puts on its search field (or on the form holding its filters) for `/`. */
export const shortcutSearchAttribute = 'data-shortcut-search';
/** Spread on a search field: `<TextField slotProps={{ htmlInput: { ...shortcutSearch } }} />`. */
export const shortcutSearch = { [shortcutSearchAttribute]: '' } as const;

/** Whether this browser runs on an Apple system, where the palette's key is ⌘ rather than Ctrl. */
export function isApplePlatform(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The palette's key as shown: "⌘K" on Apple systems, "Ctrl+K" elsewhere. */
export const paletteKeyLabel = () => (isApplePlatform() ? '⌘K' : 'Ctrl+K');
/** For `aria-keyshortcuts`: both keys work on every system. */
export const paletteKeyShortcuts = 'Control+K Meta+K';

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+K or ⌘K, on any system. */
export function isPaletteKey(event: KeyInfo): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

const plain = (event: KeyInfo) => !event.ctrlKey && !event.metaKey && !event.altKey;
export const isShortcutsKey = (event: KeyInfo) => event.key === '?' && plain(event);
export const isSearchKey = (event: KeyInfo) => event.key === '/' && plain(event);

// Inputs whose keys are not typed text: a `?` or `/` pressed on them is a shortcut.
const nonTextInputs = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether keys pressed on `target` are typing: a text input, a text area, a select, or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !nonTextInputs.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}

const focusable =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]';

/**
 * Focuses the current screen's search field: the first element marked `data-shortcut-search`
 * that can take focus, or (when the mark is on a form of filters) that form's first field.
 * Answers whether one took focus.
 */
export function focusScreenSearch(root: ParentNode = document): boolean {
  for (const marked of root.querySelectorAll<HTMLElement>(`[${shortcutSearchAttribute}]`)) {
    const fields = marked.matches(focusable) ? [marked] : [...marked.querySelectorAll<HTMLElement>(focusable)];
    for (const field of fields) {
      // Kept out of the tab order or hidden (a select's native input): not what a person would reach.
      if (field.tabIndex < 0 || field.closest('[aria-hidden="true"], [inert], [hidden]')) continue;
      field.focus();
      if (document.activeElement !== field) continue;
      if (field instanceof HTMLInputElement && !nonTextInputs.has(field.type)) field.select();
      return true;
    }
  }
  return false;
}
