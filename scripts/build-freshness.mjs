// Whether the production build is older than its sources (`npm start`, scripts/start.mjs).
// After `git pull` (which gives every changed file the time of the pull) or an edit, the build
// is redone; otherwise the server starts at once. Test files are left out: no build holds them.
import fs from 'node:fs';
import path from 'node:path';

/** The shared packages (packages/*) every build bundles, and the lockfile that pins libraries. */
function sharedInputs(root) {
  const packagesDir = path.join(root, 'packages');
  const names = fs.existsSync(packagesDir) ? fs.readdirSync(packagesDir) : [];
  return [...names.flatMap((name) => [`packages/${name}/src`, `packages/${name}/package.json`]), 'package-lock.json'];
}

/** What `npm start` needs built: the file each build writes last, and what it is made from. */
export function buildTargets(root) {
  const shared = sharedInputs(root);
  return [
    {
      name: 'API',
      workspace: '@shopdesk/api',
      output: 'apps/api/dist/server.js',
      inputs: ['apps/api/src', 'apps/api/package.json', 'apps/api/build.mjs', ...shared],
    },
    {
      name: 'dashboard',
      workspace: '@shopdesk/admin',
      output: 'apps/admin/dist/index.html',
      inputs: [
        'apps/admin/src',
        'apps/admin/public',
        'apps/admin/index.html',
        'apps/admin/package.json',
        'apps/admin/vite.config.ts',
        ...shared,
      ],
    },
  ];
}

const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The most recently changed file under `inputs` (files or folders, relative to root), if any. */
export function newestInput(root, inputs) {
  let newest;
  const visit = (relative) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      return; // an optional input (apps/admin/public) that does not exist
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full)) {
        if (entry === 'node_modules' || entry === 'dist' || isTestFile(entry)) continue;
        visit(path.join(relative, entry));
      }
    } else if (!newest || stat.mtimeMs > newest.mtimeMs) {
      newest = { file: relative, mtimeMs: stat.mtimeMs };
    }
  };
  for (const input of inputs) visit(input);
  return newest;
}

/**
 * The decision: why a build must be redone, or null when it is current.
 * `outputMtimeMs` is undefined when there is no build; `newest` the newest input (or undefined).
 */
export function rebuildReason(outputMtimeMs, newest) {
  if (outputMtimeMs === undefined) return 'no build yet';
  if (newest && newest.mtimeMs > outputMtimeMs) return `${newest.file} is newer than the build`;
  return null;
}

/** Each target whose build is missing or older than its sources, with the reason. */
export function staleTargets(root, targets = buildTargets(root)) {
  const stale = [];
  for (const target of targets) {
    const output = path.join(root, target.output);
    const outputMtimeMs = fs.existsSync(output) ? fs.statSync(output).mtimeMs : undefined;
    const reason = rebuildReason(outputMtimeMs, newestInput(root, target.inputs));
    if (reason) stale.push({ target, reason });
  }
  return stale;
}
