import type { ComponentType } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { chunkTimeoutMs } from '../config/constants';
import { uiMessages } from '../config/ui-messages';
import { lazyThemed } from './lazy-themed';

type ScreenModule = { default: ComponentType };

/** A screen's chunk, with the spec's 120-second limit, so a stalled chunk ends in an error screen. */
function loadWithin(load: () => Promise<ScreenModule>): () => Promise<ComponentType> {
  return () =>
    new Promise<ComponentType>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(uiMessages.chunkTimeout)), chunkTimeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module.default);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

/**
 * A lazily loaded signed-in screen. It renders inside the signed-in routes' theme scope
 * (router.tsx), so it brings no theme of its own. Preloadable (react-lazy-with-preload): once
 * `preload()` has resolved, it draws at once instead of suspending (main.tsx, first screen).
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  const loadScreen = loadWithin(load);
  return lazyWithPreload(async () => ({ default: await loadScreen() }));
}

/**
 * A lazily loaded signed-out screen (sign-up, forgotten password, invitation): nothing above it
 * holds MUI's theme, so the theme loads beside it (lazy-themed.tsx).
 */
export function lazySignedOutScreen(load: () => Promise<ScreenModule>) {
  return lazyThemed(loadWithin(load));
}
