import type { ComponentType } from 'react';
import { chunkTimeoutMs } from '../config/constants';
import { uiMessages } from '../config/ui-messages';
import { lazyThemed } from './lazy-themed';

type ScreenModule = { default: ComponentType };

/**
 * A lazily loaded screen inside MUI's theme (lazy-themed.tsx), with the spec's 120-second
 * limit, so a stalled chunk ends in an error screen.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  return lazyThemed(
    () =>
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
      }),
  );
}
