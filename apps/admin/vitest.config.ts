import { defineConfig } from 'vitest/config';

/** The 'admin' test project: component tests in jsdom. The root config lists this folder. */
export default defineConfig({
  test: {
    name: 'admin',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
  },
});
