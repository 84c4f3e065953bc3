import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * nginx from Debian's package, run as a child process of the cluster script: its own config,
 * port, pid file and logs in the cluster's folder. The site configuration is
 * deploy/nginx.conf itself (one source), with the lines it marks `# cluster: …` replaced.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const nginxBinary = '/usr/sbin/nginx';
export const siteTemplatePath = path.join(root, 'deploy/nginx.conf');

export function hasNginx(): boolean {
  return fs.existsSync(nginxBinary);
}

export interface SiteOptions {
  /** `listen` address, e.g. 127.0.0.1:8088 */
  listen: string;
  /** The instances, host:port each. */
  upstreams: string[];
  accessLog: string;
}

/**
 * deploy/nginx.conf with the cluster's addresses: `# cluster: upstream` lines become one line per
 * instance (same parameters; `resolve` dropped, the addresses are IPs), `# cluster: listen` and
 * `# cluster: access_log` get the cluster's values, `# cluster: drop` lines go. Throws when a
 * marker is missing, so an edit of deploy/nginx.conf cannot silently leave the cluster behind.
 */
export function renderSite(template: string, options: SiteOptions): string {
  const seen = { upstream: 0, listen: 0, access_log: 0, drop: 0 };
  const lines: string[] = [];
  for (const line of template.split('\n')) {
    const marker = /#\s*cluster:\s*(\w+)\s*$/.exec(line)?.[1];
    if (!marker) {
      lines.push(line);
      continue;
    }
    if (!(marker in seen)) throw new Error(`deploy/nginx.conf: unknown marker "cluster: ${marker}"`);
    seen[marker as keyof typeof seen] += 1;
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    if (marker === 'upstream') {
      if (seen.upstream > 1) continue;
      // server <address> <parameters…>;
      const words = line.replace(/#.*$/, '').trim().replace(/;$/, '').split(/\s+/);
      const parameters = words.slice(2).filter((word) => word !== 'resolve');
      for (const address of options.upstreams) lines.push(`${indent}${['server', address, ...parameters].join(' ')};`);
    } else if (marker === 'listen') {
      lines.push(`${indent}listen ${options.listen};`);
    } else if (marker === 'access_log') {
      lines.push(`${indent}access_log ${options.accessLog} shopdesk_json;`);
    }
  }
  const missing = (['upstream', 'listen', 'access_log'] as const).filter((marker) => seen[marker] === 0);
  if (missing.length > 0) throw new Error(`deploy/nginx.conf: no "# cluster: ${missing.join('", "# cluster: ')}" line`);
  return lines.join('\n');
}

export interface NginxFiles {
  dir: string;
  /** Request bodies and answers in transit (removed by removeNginxFiles). */
  temp: string;
  mainConfig: string;
  accessLog: string;
  errorLog: string;
}

/**
 * Writes the main configuration (foreground, one worker, config and logs under `dir`) and the
 * site rendered from deploy/nginx.conf. Started as root, nginx's workers run as `nobody`, and
 * the cluster's folder may be closed to them (a temporary folder is 0700): the bodies and
 * answers they buffer on disk go to a folder of theirs in the system's temporary folder.
 */
export function writeNginxConfig(dir: string, site: Omit<SiteOptions, 'accessLog'>): NginxFiles {
  fs.mkdirSync(dir, { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const asRoot = process.getuid?.() === 0;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-nginx-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }));
    fs.chownSync(temp, uid, gid);
  }
  const sitePath = path.join(dir, 'shopdesk.conf');
  fs.writeFileSync(sitePath, renderSite(fs.readFileSync(siteTemplatePath, 'utf8'), { ...site, accessLog }));
  const mainConfig = path.join(dir, 'nginx.conf');
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${path.join(temp, kind)};`)
    .join('\n');
  fs.writeFileSync(
    mainConfig,
    [
      '# Written by scripts/cluster (npm run cluster); the site is deploy/nginx.conf.',
      'daemon off;',
      'worker_processes 1;',
      ...(asRoot ? ['user nobody nogroup;'] : []),
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      tempPaths,
      `    include ${sitePath};`,
      '}',
      '',
    ].join('\n'),
  );
  return { dir, temp, mainConfig, accessLog, errorLog };
}

export function removeNginxFiles(files: NginxFiles): void {
  fs.rmSync(files.temp, { recursive: true, force: true });
}

/** `nginx -t` on the files: throws with nginx's own words when it refuses them. */
export function testNginxConfig(files: NginxFiles): void {
  try {
    execFileSync(nginxBinary, ['-t', '-q', '-p', files.dir, '-e', files.errorLog, '-c', files.mainConfig], {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`nginx refused its configuration:\n${stderr || String(error)}`);
  }
}

export interface RunningNginx {
  process: ChildProcess;
  files: NginxFiles;
  output(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on the written files; resolves once `healthUrl` answers 200. */
export async function startNginx(files: NginxFiles, healthUrl: string): Promise<RunningNginx> {
  try {
    testNginxConfig(files);
  } catch (error) {
    removeNginxFiles(files);
    throw error;
  }
  let output = '';
  const child = spawn(nginxBinary, ['-p', files.dir, '-e', files.errorLog, '-c', files.mainConfig], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // SIGQUIT: finish the requests in flight, then exit.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    removeNginxFiles(files);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      removeNginxFiles(files);
      throw new Error(`nginx exited (${child.exitCode}):\n${output}${errorLogOf(files)}`);
    }
    const ok = await fetch(healthUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer ${healthUrl} in 15 s:\n${output}${errorLogOf(files)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { process: child, files, output: () => output, stop };
}

function errorLogOf(files: NginxFiles): string {
  return fs.existsSync(files.errorLog) ? fs.readFileSync(files.errorLog, 'utf8') : '';
}

/** One line of the access log (deploy/nginx.conf's `shopdesk_json` format). */
export interface AccessLogEntry {
  time: string;
  id: string;
  method: string;
  uri: string;
  status: number;
  /** Every address tried, e.g. "127.0.0.1:4001, 127.0.0.1:4002" after a retry. */
  upstream: string;
  upstream_status: string;
}

/**
 * The access log once it holds a line for each of `ids` (nginx writes a request's line as it
 * finishes the request, which can be just after the client has read the answer), or after
 * `waitMs` as it is.
 */
export async function readAccessLogWith(files: NginxFiles, ids: Iterable<string>, waitMs = 2_000) {
  const wanted = [...ids];
  const deadline = Date.now() + waitMs;
  for (;;) {
    const entries = readAccessLog(files);
    const logged = new Set(entries.map((entry) => entry.id));
    if (wanted.every((id) => logged.has(id)) || Date.now() > deadline) return entries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function readAccessLog(files: NginxFiles): AccessLogEntry[] {
  if (!fs.existsSync(files.accessLog)) return [];
  return fs
    .readFileSync(files.accessLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AccessLogEntry);
}
