import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasNginx, nginxBinary } from './nginx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repositoryRoot = root;

/** The production build the instances run (as `npm start` does: built when missing). */
export function ensureBuilt(): void {
  const needed = ['apps/api/dist/server.js', 'apps/admin/dist/index.html'];
  if (needed.every((file) => fs.existsSync(path.join(root, file)))) return;
  console.log('== building Shopdesk (apps/*/dist missing)');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

/** Debian's nginx package: installed when missing and this runs as root with apt-get. */
export function ensureNginx(): void {
  if (hasNginx()) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(`nginx is missing (${nginxBinary}): install Debian's package first, sudo apt-get install -y nginx`);
  }
  console.log('== installing nginx (apt-get install -y nginx)');
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = process.argv.lastIndexOf(`--${name}`); // the last one wins: `npm run cluster:drill -- --seconds 20`
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  if (at >= 0 && (value === undefined || value.startsWith('--'))) throw new Error(`--${name} needs a value`);
  return value ?? fallback;
}

export function numberOption(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
  return value;
}

export const flag = (name: string): boolean => process.argv.includes(`--${name}`);
