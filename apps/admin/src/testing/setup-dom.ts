import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * Test hygiene for jsdom tests. Imported by the test helpers (so every test file gets it
 * whatever the runner config says) and by vitest.setup.ts. Testing Library only cleans up
 * on its own when vitest globals are on.
 */
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no matchMedia; MUI's useMediaQuery needs it. Default: a wide desktop window.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
