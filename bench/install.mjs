// Installs the bench's own tools (bench/package.json: Lighthouse, chrome-launcher,
// puppeteer-core, ~180 MB) when they are missing or older than bench/package-lock.json. They are
// kept out of the npm workspaces so that a shop's `npm install` never downloads them; `npm run
// bench` and `npm run typecheck` call this first.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const lock = new URL('package-lock.json', import.meta.url);
// npm writes this after every install into node_modules: the install's own record.
const installed = new URL('node_modules/.package-lock.json', import.meta.url);

if (!fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lock).mtimeMs) {
  process.stdout.write('Installing the bench tools (bench/package.json)…\n');
  execSync('npm ci --no-audit --no-fund', { cwd: dir, stdio: 'inherit' });
}
