// `npm start`: reads .env when there is one, builds what is missing or older than its sources
// (scripts/build-freshness.mjs), then runs the production server in this process.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { staleTargets } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Node's own .env reader; a variable already set in the environment keeps its value.
const envFile = fileURLToPath(new URL('../.env', import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);

for (const { target, reason } of staleTargets(root)) {
  process.stdout.write(`Building the ${target.name} (${reason})…\n`);
  execSync(`npm run build -w ${target.workspace}`, { cwd: root, stdio: 'inherit' });
}
await import(new URL('../apps/api/dist/server.js', import.meta.url).href);
