// Bundles the API into one ESM file. npm packages stay external (native modules);
// the workspace contract (TypeScript source) is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// `node build.mjs --outdir DIR` builds elsewhere (parallel test runs keep their own builds).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? process.argv[outdirFlag + 1] : 'dist';
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shopdesk/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/cli/migrate.ts',
    'seed-cli': 'src/cli/seed.ts',
    'backup-cli': 'src/cli/backup.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
