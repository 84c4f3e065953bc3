import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * Test hygiene for jsdom tests. Imported by the test helpers (so every test file gets it
 * whatever the runner config says) and by vitest.setup.ts. Testing Library only cleans up
 * on its own when vitest globals are on.
 */
// What a screen shows after a lazily loaded part arrives (the two-step code field, a route's
// chunk) may take more than Testing Library's default second on a loaded CI machine, where the
// API and browser suites run beside these: find* and waitFor wait up to 5 s, as the browser
// tests' polls do (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

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
