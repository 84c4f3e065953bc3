import { type ComponentType, lazy } from 'react';
import { chunkTimeoutMs } from '../config/constants';
import { uiMessages } from '../config/ui-messages';

type ScreenModule = { default: ComponentType };

/** React.lazy with the spec's 120-second limit, so a stalled chunk ends in an error screen. */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  return lazy(
    () =>
      new Promise<ScreenModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(uiMessages.chunkTimeout)), chunkTimeoutMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
