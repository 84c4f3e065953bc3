import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  scenario: string;
  /** What was measured, as shown. */
  figure: string;
  budget: string;
  pass: boolean;
  /** The raw numbers behind the figure. */
  data?: Record<string, unknown>;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

export function table(rows: Row[]): string {
  const head = ['scenario', 'figure', 'budget', 'result'];
  const body = rows.map((r) => [r.scenario, r.figure, r.budget, r.pass ? 'pass' : '**FAIL**']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** bench/results/<engine>-<time>.json, and the same as latest-<engine>.json (the one kept in git). */
export function save(engine: string, report: Record<string, unknown>): string {
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  fs.writeFileSync(path.join(dir, `${engine}-${stamp}.json`), text);
  const latest = path.join(dir, `latest-${engine}.json`);
  fs.writeFileSync(latest, text);
  return latest;
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
