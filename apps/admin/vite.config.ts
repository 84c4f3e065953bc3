import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = 'http://127.0.0.1:8080';

/** What every signed-in screen loads before it can draw (router.tsx, lazy-themed.tsx). */
const signedInFrame = ['src/lib/theme-scope.tsx', 'src/app/signed-in-routes.tsx', 'src/components/layout/shell.tsx'];

/**
 * dist/app.html: index.html with a <link rel="modulepreload"> for each chunk of the signed-in
 * frame (and every chunk those import), so a signed-in screen opened by address downloads them
 * beside the entry instead of after it has run. The server sends it for every address but the
 * signed-out pages (static-files.ts), which keep index.html: /login's first download stays its own.
 */
function signedInPage(): Plugin {
  return {
    name: 'shopdesk:signed-in-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName) || fileName === entry?.fileName) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) visit(imported);
      };
      for (const module of signedInFrame) {
        const chunk = byModule.get(path.resolve(import.meta.dirname, module));
        if (!chunk) this.error(`signed-in page: no chunk for ${module}`);
        visit(chunk.fileName);
      }
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('signed-in page: no index.html in the bundle');
      const links = [...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`).join('\n');
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: String(html.source).replace('  </head>', `${links}\n  </head>`),
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    signedInPage(),
    // A .br and a .gz beside every text file of 1 KB or more, made once here at the strongest
    // settings (the server sends them as they are: @fastify/static's preCompressed).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
  ],
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
    // Smaller than Vite 8's default (Oxc): 145.8 against 146.3 KB gzip on /login, for ~15 s of build.
    minify: 'terser',
    terserOptions: { safari10: false, ecma: 2020, compress: { passes: 3 } },
    // Browsers without <link rel="modulepreload"> (Safari before 17, Firefox before 115)
    // still load every chunk, just without the head start; the polyfill cost every page
    // ~0.4 KB gzip of the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry loads before its first paint goes into one chunk (Rolldown's
        // `$initial` tag): left to itself Rolldown splits it into chunks shared with the lazy
        // screens, as many requests before /login can paint (23 today, 128.3 KB gzip of
        // JavaScript; Lighthouse mobile fell from 89 to 73 when that first happened); in one
        // chunk, one request and 121.2 KB.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
      treeshake: {
        // The contract package builds its zod schemas at module top level and does not
        // declare itself side-effect free; without this every screen would pull all of
        // zod and every schema into the first chunk just to read one message.
        // hoist-non-react-statics and the react-is it brings (CommonJS, so Rolldown cannot tell)
        // only define functions: unused (emotion's withTheme), they are dropped (~1 KB gzip).
        moduleSideEffects: (id) =>
          !/[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
    },
  },
});
