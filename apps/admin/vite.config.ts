import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * The chunks of the build, in the order a signed-in screen opened by address needs them. Each
 * is one file, so that screen downloads ~7 files, not the ~80 that automatic splitting made of
 * the same code (a shared chunk per set of screens using a module). Over HTTP/1.1, which is
 * what a browser speaks to this server without TLS, six requests run at a time: on a phone's
 * network (Lighthouse's mobile run: 150 ms a round trip) those 80 requests alone took ~2 s,
 * first paint 3.5 s; as 7, 1.9–2.6 s (docs/architecture.md, "The dashboard's download").
 *
 * - index: what the entry needs to paint /login (Rolldown's `$initial` modules).
 * - theme: MUI's theme and styling engine (theme-scope.tsx and what it imports), which every
 *   screen drawn with MUI loads first (lib/lazy-themed.tsx), signed-out ones too.
 * - frame: the signed-in frame: the route table, the sidebar + header shell and the live
 *   events (signed-in-routes.tsx, shell.tsx, live-updates.tsx and what they import).
 * - mui, contract, shared: what the screens share: MUI's other components, the contract's
 *   schemas and messages (with zod), and any other module two screens use. A screen's own
 *   chunk comes with them; what a single screen or dialog uses stays in its own chunk.
 */
const chunkRoots = {
  theme: ['src/lib/theme-scope.tsx'],
  frame: ['src/app/signed-in-routes.tsx', 'src/components/layout/shell.tsx', 'src/app/live-updates.tsx'],
};
const contractModule = /[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
const muiModule =
  /[\\/]node_modules[\\/](@mui|@emotion|react-transition-group|@popperjs|stylis|clsx|react-is|@babel)[\\/]/;
const screenModule = /[\\/]src[\\/]app[\\/]routes[\\/]/;

type ModuleInfo = (id: string) => { importedIds: readonly string[] } | null;

/**
 * The modules `roots` import statically, directly or not. The contract is left out: its index
 * re-exports every schema, most of which only screens use (tree-shaking drops them from the
 * frame's code, but not from this walk); its modules go to the contract chunk.
 */
function reachableFrom(roots: string[], moduleInfo: ModuleInfo): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || contractModule.test(id)) return;
    found.add(id);
    for (const next of moduleInfo(id)?.importedIds ?? []) visit(next);
  };
  for (const root of roots) visit(path.resolve(import.meta.dirname, root));
  return found;
}

/** A chunk group for the modules reachable from `roots` (worked out once per build). */
function groupOf(name: keyof typeof chunkRoots, priority: number) {
  let members: Set<string> | undefined;
  return {
    debugName: name,
    priority,
    name: (id: string, ctx: { getModuleInfo: ModuleInfo }) => {
      members ??= reachableFrom(chunkRoots[name], (other) => ctx.getModuleInfo(other));
      return members.has(id) ? name : null;
    },
  };
}

/**
 * dist/app.html: index.html with a <link rel="modulepreload"> for the theme and the signed-in
 * frame (and every chunk those import), so a signed-in screen opened by address downloads them
 * beside the entry instead of after it has run. The server sends it for every address but the
 * signed-out pages (static-files.ts), which keep index.html: /login's first download stays its
 * own. The chunks the screens share are not preloaded: on a phone's bandwidth they delayed the
 * frame's first paint (2.2 → 2.8 s in Lighthouse's mobile run); they come beside the screen's
 * own chunk, in one round.
 */
function signedInPage(): Plugin {
  return {
    name: 'shopdesk:signed-in-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName) || fileName === entry?.fileName) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) visit(imported);
      };
      for (const name of Object.keys(chunkRoots)) {
        const chunk = chunks.find((other) => other.name === name);
        if (!chunk) this.error(`signed-in page: no chunk named ${name}`);
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
        // The chunks described at `chunkRoots`, highest priority first. The entry's is one chunk
        // (Rolldown's `$initial` tag): left to itself Rolldown splits it into chunks shared with
        // the lazy screens, as many requests before /login can paint (23, 128.3 KB gzip of
        // JavaScript; Lighthouse mobile fell from 89 to 73 when that first happened); in one
        // chunk, one request and 121.2 KB.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 5 },
            groupOf('theme', 4),
            groupOf('frame', 3),
            { name: 'contract', test: contractModule, priority: 2 },
            { name: 'mui', test: muiModule, priority: 2 },
            // A screen stays a chunk of its own even when two places load it (the not-found screen).
            { name: 'shared', minShareCount: 2, test: (id) => !screenModule.test(id), priority: 1 },
          ],
        },
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
