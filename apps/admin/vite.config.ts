import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  // plugin-react is hoisted beside the root's newer vite (used by vitest), so its types name
  // that vite's Plugin; at run time it is the same plugin API.
  plugins: [react() as unknown as PluginOption],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (web-budgets.test.ts reads it).
    manifest: true,
    rollupOptions: {
      treeshake: {
        // The contract package builds its zod schemas at module top level and does not
        // declare itself side-effect free; without this every screen would pull all of
        // zod and every schema into the first chunk just to read one message.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
});
