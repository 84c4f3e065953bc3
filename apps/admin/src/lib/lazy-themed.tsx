import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';

/**
 * React.lazy for a component that draws with MUI: its code and MUI's theme (theme-scope.tsx)
 * load side by side, and it renders inside the theme. Everything MUI draws is reached through
 * one of these (the signed-in routes with their frame, each signed-out lazy screen, the alert, the sign-in page's
 * code field and dialog), so the first download holds none of MUI; nested scopes share
 * one theme object per mode. Preloadable (react-lazy-with-preload): once `preload()` has
 * resolved, it draws at once instead of suspending.
 */
export function lazyThemed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<ComponentType<Props>> {
  return lazyWithPreload(async () => {
    const [Component, { ThemeScope }] = await Promise.all([load(), import('./theme-scope')]);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy component (React.lazy runs this loader once and keeps its result), never per render.
    function Themed(props: Props) {
      return (
        <ThemeScope>
          <Component {...props} />
        </ThemeScope>
      );
    }
    return { default: Themed };
  });
}
