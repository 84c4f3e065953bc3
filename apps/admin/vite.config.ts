import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * MUI's `createTheme` and `ThemeProvider` pick CSS-variables theming at run time, so the
 * bundle always carries it (createThemeWithVars, CssVarsProvider, the colour-scheme script:
 * ~7 KB gzip in the first download) although this app never turns it on. These three
 * modules are replaced by their no-variables paths, which is what MUI itself runs for a
 * theme without `cssVariables` or `colorSchemes` (mui/material-ui#48607 does the same for
 * its default theme). Asking for CSS variables then fails loudly instead of silently. The
 * dev server's pre-bundled MUI and the unit tests keep MUI's own modules (same theme).
 */
const muiStyles = /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](defaultTheme|createTheme|ThemeProvider)\.js$/;
const noCssVariables = "throw new Error('MUI CSS theme variables are compiled out (apps/admin/vite.config.ts)')";
const muiWithoutCssVariables: PluginOption = {
  name: 'mui-without-css-variables',
  enforce: 'pre',
  load(id) {
    const file = muiStyles.exec(id)?.[1];
    if (file === 'defaultTheme') {
      return "import createThemeNoVars from './createThemeNoVars.js';\nexport default createThemeNoVars();\n";
    }
    if (file === 'createTheme') {
      return [
        "import createThemeNoVars from './createThemeNoVars.js';",
        'export default function createTheme(options = {}, ...args) {',
        `  if (options.cssVariables || 'colorSchemes' in options) ${noCssVariables};`,
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
    }
    if (file === 'ThemeProvider') {
      return [
        "import * as React from 'react';",
        "import { jsx } from 'react/jsx-runtime';",
        "import THEME_ID from './identifier.js';",
        "import ThemeProviderNoVars from './ThemeProviderNoVars.js';",
        'export default function ThemeProvider({ theme, ...props }) {',
        '  const noVarsTheme = React.useMemo(() => {',
        "    if (typeof theme === 'function') return theme;",
        '    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;',
        `    if ('colorSchemes' in muiTheme || muiTheme.vars) ${noCssVariables};`,
        '    return { ...theme, vars: null };',
        '  }, [theme]);',
        '  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });',
        '}',
      ].join('\n');
    }
    return null;
  },
};

/**
 * react-router's build creates its contexts and components at module top level without
 * pure annotations (`var Form = React.forwardRef(...); Form.displayName = "Form";`), so
 * Rollup keeps the ones this app never uses (Form, fetchers, the data-router and RSC
 * contexts): ~2.4 KB gzip in the first download. This marks those calls pure and drops
 * the displayName lines (names only React DevTools shows); what is used stays as it was.
 */
const reactRouterPure: PluginOption = {
  name: 'react-router-pure-annotations',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
    return {
      code: code
        .replace(
          /^(var|const|let) (\w+) = (React\d*\.(?:forwardRef|createContext|memo)\()/gm,
          '$1 $2 = /* @__PURE__ */ $3',
        )
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
      map: null,
    };
  },
};

export default defineConfig({
  // plugin-react is hoisted beside the root's newer vite (used by vitest), so its types name
  // that vite's Plugin; at run time it is the same plugin API.
  plugins: [react() as unknown as PluginOption, muiWithoutCssVariables, reactRouterPure],
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
    // ~3% smaller than esbuild's output (≈4 KB gzip on /login), for a few seconds of build.
    minify: 'terser',
    terserOptions: { safari10: false, ecma: 2020, compress: { passes: 3 } },
    // Browsers without <link rel="modulepreload"> (Safari before 17, Firefox before 115)
    // still load every chunk, just without the head start; the polyfill cost every page
    // ~0.4 KB gzip of the first download.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // The contract package builds its zod schemas at module top level and does not
        // declare itself side-effect free; without this every screen would pull all of
        // zod and every schema into the first chunk just to read one message.
        // hoist-non-react-statics and the react-is it brings (CommonJS, so Rollup cannot tell)
        // only define functions: unused (emotion's withTheme), they are dropped (~1 KB gzip).
        moduleSideEffects: (id) =>
          !/[\\/]packages[\\/]contract[\\/]|[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
    },
  },
});
