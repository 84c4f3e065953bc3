import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../src/config';

/**
 * `.env.example` (the repository's root) lists every variable config.ts reads, each with its
 * default or an example, commented out. This fails when config.ts learns a variable the file does
 * not list, when the file lists one nobody reads, or when a value it shows would be refused.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const exampleText = fs.readFileSync(path.resolve(apiDir, '../../.env.example'), 'utf8');
const configSource = fs.readFileSync(path.join(apiDir, 'src/config.ts'), 'utf8');

/** The file's assignments, set or commented out (`# NAME=value`), as Node's own .env parser reads them. */
const listed = parseEnv(
  exampleText
    .split('\n')
    .map((line) => line.replace(/^#\s*(?=[A-Z][A-Z0-9_]*=)/, ''))
    .join('\n'),
);

/** Variables config.ts reads outside its schema (`env.NAME`, `env['NAME']`), besides the schema's. */
const readDirectly = [...configSource.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)].map(
  (match) => match[1] ?? match[2]!,
);

describe('.env.example', () => {
  it('lists every variable config.ts reads', () => {
    expect(configVariables.length).toBeGreaterThan(10);
    const missing = [...new Set([...configVariables, ...readDirectly])].filter((name) => !(name in listed));
    expect(missing, 'add these to .env.example (and README "Configuration")').toEqual([]);
  });

  it('lists nothing config.ts does not read', () => {
    const unknown = Object.keys(listed).filter((name) => !configVariables.includes(name));
    expect(unknown).toEqual([]);
  });

  it('shows only values the server accepts', () => {
    expect(() => loadConfig(listed)).not.toThrow();
  });

  it('sets nothing by default: every assignment is commented out', () => {
    const active = exampleText.split('\n').filter((line) => /^\s*[A-Z][A-Z0-9_]*=/.test(line));
    expect(active).toEqual([]);
  });
});
