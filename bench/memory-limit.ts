import fs from 'node:fs';
import path from 'node:path';

/**
 * Each server of the bench runs as the deployment runs it: under a memory limit of its own,
 * the one deploy/compose.yaml and docs/operations.md give every instance (1 GiB; BENCH_MEMORY_MB
 * changes it, 0 runs without one). Node sizes V8's heap from the memory the process may use,
 * the limit of its control group when there is one, else the whole machine's
 * (`process.constrainedMemory()`): on this 24 GB machine without a limit V8 lets its young
 * generation grow to 128 MB and its old one far past what the server holds, and the RSS follows
 * (docs/architecture.md, "Memory").
 *
 * The limit is a control group made for the one server (cgroup v1's memory controller, or
 * cgroup v2), which the server enters before it starts: `sh` writes its own pid into the group,
 * then `exec`s node, so the pid the bench samples is the server's. Where no group can be made
 * (not root, no writable cgroup file system), servers run without a limit and the bench says so.
 */
export const serverMemoryMb = Number(process.env.BENCH_MEMORY_MB ?? 1024);

export interface MemoryLimit {
  /** The command that starts `args` under the limit. */
  command: string;
  args: string[];
  /** Removes the group once its server has exited. */
  release(): void;
}

/** How servers are held: shown in the bench's table. */
export function memoryLimitNote(): string {
  if (serverMemoryMb <= 0) return 'none (BENCH_MEMORY_MB=0)';
  const probe = limitedCommand('true', []);
  if (!probe) return `none: no memory control group could be made here (wanted ${serverMemoryMb} MB)`;
  probe.release();
  return `${serverMemoryMb} MB, a memory control group per server`;
}

let made = 0;

/** `command args` wrapped to run in a new memory control group of `serverMemoryMb`; undefined when none can be made. */
export function limitedCommand(command: string, args: string[]): MemoryLimit | undefined {
  if (serverMemoryMb <= 0) return undefined;
  const parent = ownMemoryGroup();
  if (!parent) return undefined;
  made += 1;
  const group = path.join(parent.dir, `shopdesk-bench-${process.pid}-${made}`);
  try {
    fs.mkdirSync(group);
    fs.writeFileSync(path.join(group, parent.limitFile), String(serverMemoryMb * 1024 * 1024));
  } catch {
    try {
      fs.rmdirSync(group);
    } catch {
      // Never made.
    }
    return undefined;
  }
  const release = () => {
    try {
      fs.rmdirSync(group);
    } catch {
      // Still holds a process (the server did not exit): left for the system.
    }
  };
  return {
    command: '/bin/sh',
    args: ['-c', 'echo $$ > "$1" && shift && exec "$@"', 'sh', path.join(group, 'cgroup.procs'), command, ...args],
    release,
  };
}

/** This process's memory control group, where children can be made: cgroup v1's memory hierarchy, or v2's. */
function ownMemoryGroup(): { dir: string; limitFile: string } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
  } catch {
    return undefined;
  }
  for (const line of lines) {
    const [, controllers, where] = line.split(':');
    if (where === undefined) continue;
    if (controllers?.split(',').includes('memory')) {
      const dir = path.join('/sys/fs/cgroup/memory', where);
      if (writable(dir)) return { dir, limitFile: 'memory.limit_in_bytes' };
    }
  }
  const unified = lines.find((line) => line.startsWith('0::'));
  if (unified) {
    for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
      const dir = path.join(root, unified.slice(3));
      if (fs.existsSync(path.join(dir, 'cgroup.subtree_control')) && enabled(dir) && writable(dir))
        return { dir, limitFile: 'memory.max' };
    }
  }
  return undefined;
}

/** cgroup v2: children of `dir` get the memory controller. */
function enabled(dir: string): boolean {
  try {
    return fs.readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('memory');
  } catch {
    return false;
  }
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
