import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTargets, newestInput, rebuildReason, staleTargets } from './build-freshness.mjs';

/**
 * `npm start` rebuilds when the sources are newer than the build (scripts/start.mjs). The real
 * start script runs here in a small copy of the repository's layout whose builds only write
 * their output and note that they ran, so no real build is needed.
 */

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
let root: string;

const write = (relative: string, text: string) => {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/** A build that writes `output` and notes its name in builds.log. */
const fakeBuild = (name: string, output: string, text: string) =>
  [
    "import fs from 'node:fs';",
    "fs.mkdirSync('dist', { recursive: true });",
    `fs.writeFileSync(${JSON.stringify(output)}, ${JSON.stringify(text)});`,
    `fs.appendFileSync('../../builds.log', ${JSON.stringify(`${name}\n`)});`,
  ].join('\n');

function makeRepository() {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-start-'));
  write('package.json', JSON.stringify({ name: 'fixture', private: true, workspaces: ['packages/*', 'apps/*'] }));
  write('package-lock.json', '{}');
  fs.mkdirSync(path.join(root, 'scripts'));
  for (const script of ['start.mjs', 'build-freshness.mjs']) {
    fs.copyFileSync(path.join(scriptsDir, script), path.join(root, 'scripts', script));
  }
  write('packages/contract/package.json', JSON.stringify({ name: '@shopdesk/contract', private: true }));
  write('packages/contract/src/index.ts', 'export const contract = 1;\n');
  write('packages/contract/src/index.test.ts', '// a test\n');
  const api = { name: '@shopdesk/api', private: true, scripts: { build: 'node build.mjs' } };
  write('apps/api/package.json', JSON.stringify(api));
  write('apps/api/src/server.ts', 'export {};\n');
  write('apps/api/src/app.test.ts', '// a test\n');
  // The "server": says it started, and which PORT it was given (from .env or the environment).
  write('apps/api/build.mjs', fakeBuild('API', 'dist/server.js', 'console.log("served on " + process.env.PORT);\n'));
  const admin = { name: '@shopdesk/admin', private: true, scripts: { build: 'node build.mjs' } };
  write('apps/admin/package.json', JSON.stringify(admin));
  write('apps/admin/src/main.tsx', 'export {};\n');
  write('apps/admin/index.html', '<!doctype html>\n');
  write('apps/admin/vite.config.ts', 'export default {};\n');
  write('apps/admin/build.mjs', fakeBuild('dashboard', 'dist/index.html', '<!doctype html>\n'));
}

/** Every file a minute old, the builds' outputs 30 s old: a repository with a current build. */
function settle() {
  const minuteAgo = new Date(Date.now() - 60_000);
  const halfMinuteAgo = new Date(Date.now() - 30_000);
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else fs.utimesSync(full, minuteAgo, minuteAgo);
    }
  };
  visit(root);
  for (const { output } of buildTargets(root)) {
    if (fs.existsSync(path.join(root, output))) fs.utimesSync(path.join(root, output), halfMinuteAgo, halfMinuteAgo);
  }
  fs.rmSync(path.join(root, 'builds.log'), { force: true });
}

/** An edit now (as an editor or `git pull` leaves it). */
const touch = (relative: string) => fs.utimesSync(path.join(root, relative), new Date(), new Date());

/** Runs the copied `npm start` script; what it printed, and which builds ran. */
async function start(env: Record<string, string> = {}) {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const log = path.join(root, 'builds.log');
  const builds = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
  return { stdout, builds };
}

describe('rebuildReason', () => {
  const newest = { file: 'apps/api/src/app.ts', mtimeMs: 2_000 };

  it('builds when there is no build', () => {
    expect(rebuildReason(undefined, newest)).toBe('no build yet');
    expect(rebuildReason(undefined, undefined)).toBe('no build yet');
  });

  it('rebuilds when a source is newer than the build, naming it', () => {
    expect(rebuildReason(1_999, newest)).toBe('apps/api/src/app.ts is newer than the build');
  });

  it('keeps a build as new as its newest source, or newer', () => {
    expect(rebuildReason(2_000, newest)).toBeNull();
    expect(rebuildReason(5_000, newest)).toBeNull();
    expect(rebuildReason(5_000, undefined)).toBeNull();
  });
});

describe('npm start (scripts/start.mjs) in a copy of the layout', () => {
  beforeEach(makeRepository);
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds what is missing, then starts without building while the build is current', async () => {
    const first = await start();
    expect(first.builds.sort()).toEqual(['API', 'dashboard']);
    expect(first.stdout).toContain('Building the API (no build yet)');
    expect(first.stdout).toContain('served on');
    settle();
    const again = await start();
    expect(again.builds).toEqual([]);
    expect(again.stdout).not.toContain('Building');
    expect(again.stdout).toContain('served on');
  });

  it('rebuilds the API alone when one of its sources changed', async () => {
    await start();
    settle();
    touch('apps/api/src/server.ts');
    expect(staleTargets(root).map(({ target }) => target.name)).toEqual(['API']);
    const { builds, stdout } = await start();
    expect(builds).toEqual(['API']);
    expect(stdout).toContain('Building the API (apps/api/src/server.ts is newer than the build)');
    expect(stdout).toContain('served on');
  });

  it('rebuilds both when the shared contract, or the lockfile, changed; the dashboard alone for its config', async () => {
    await start();
    settle();
    touch('packages/contract/src/index.ts');
    expect((await start()).builds.sort()).toEqual(['API', 'dashboard']);
    settle();
    touch('package-lock.json');
    expect((await start()).builds.sort()).toEqual(['API', 'dashboard']);
    settle();
    touch('apps/admin/vite.config.ts');
    expect((await start()).builds).toEqual(['dashboard']);
  });

  it('does not rebuild for a changed test file', async () => {
    await start();
    settle();
    touch('apps/api/src/app.test.ts');
    touch('packages/contract/src/index.test.ts');
    expect(newestInput(root, ['apps/api/src'])?.file).toBe(path.join('apps/api/src', 'server.ts'));
    expect((await start()).builds).toEqual([]);
  });

  it('reads .env, where the environment wins', async () => {
    write('.env', 'PORT=4321\n');
    expect((await start()).stdout).toContain('served on 4321');
    expect((await start({ PORT: '9999' })).stdout).toContain('served on 9999');
  });
});
