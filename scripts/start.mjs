// `npm start`: builds what is missing, then runs the production server in this process.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const needed = ['apps/api/dist/server.js', 'apps/admin/dist/index.html'];
if (needed.some((file) => !existsSync(new URL(`../${file}`, import.meta.url)))) {
  process.stdout.write('Building Shopdesk (first start)…\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(new URL('../apps/api/dist/server.js', import.meta.url).href);
