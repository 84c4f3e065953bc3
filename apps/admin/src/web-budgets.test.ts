import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Download budgets of the production build (`npm run build -w @shopdesk/admin`, Vite's
 * manifest in dist/.vite): the first paint of /login, the signed-in frame, each lazily loaded
 * route, the CSS.
 * `npm test` builds first; a bare unit run without a build skips this loudly.
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const built = fs.existsSync(manifestFile);
if (!built) process.stderr.write(`\n!!! web budgets SKIPPED: no ${manifestFile} (run npm run build first)\n\n`);

/**
 * KB of gzip (level 9), along the steps in which the dashboard loads (router.tsx).
 *
 * login: the entry, which is all /login needs to paint (the sign-in page is part of it, and
 * vite.config.ts keeps it one chunk). React and ReactDOM are ~66 KB of it, react-router ~13,
 * react-hook-form ~15 (issue 20: one form library, the field in error marked and focused), the
 * app ~8. None of MUI: the page's card, fields, buttons, links, divider and icons are plain
 * elements and CSS (lib/base.css holds the palette of the MUI theme, checked by
 * theme-css.test.ts; the icons are @mdi/js paths). MUI's theme and styling engine load with the
 * first component that draws with MUI (lib/lazy-themed.tsx): what the page shows only after a
 * click (alerts, the two-step code field and dialog), every other screen. Its busy circle is
 * plain SVG and CSS (components/ui/spinner.tsx), so a visit that only signs in loads no MUI until
 * the first alert.
 * Issue 16's budget is 125 KB; it measures ~102 KB.
 *
 * theme: MUI's theme, styling engine (emotion) and ThemeProvider (lib/theme-scope.tsx), loaded
 * with the first screen or part that uses MUI, beyond the entry (~38 KB). One chunk
 * (vite.config.ts names the chunks).
 *
 * frame: the signed-in frame (sidebar + header shell, the signed-in route table, TanStack
 * Query, the live events), loaded with the first signed-in address, beyond the entry and the
 * theme (~55 KB). One chunk.
 *
 * common: what the screens share, beyond the entry, the theme and the frame: MUI's other
 * components, the contract's schemas (with zod) and the app's own shared modules (~96 KB in
 * three chunks). A screen loads them beside its own chunk.
 *
 * route: a screen's own code beyond what is loaded when it is asked for: the entry and the
 * theme for the signed-out screens (sign up, forgotten password), those and the frame for the
 * others, and the common chunks for both. The largest is ~30 KB (Product View: the gallery).
 *
 * files: how many scripts a signed-in screen opened by address loads before it can draw, all
 * of them. Over HTTP/1.1 a browser asks six at a time, and each round costs a phone's round trip
 * (150 ms in Lighthouse's mobile run): ~80 small chunks, as automatic splitting made them,
 * delayed a first paint by more than a second; now 7.
 */
const budgets = { login: 125, theme: 40, frame: 75, common: 100, route: 100, files: 8, css: 30 };

type Chunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const routeFiles = fs
  .readdirSync(path.resolve(import.meta.dirname, 'app/routes'))
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'));

describe.skipIf(!built)('web budgets (production build)', () => {
  const manifest = built ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>) : {};
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  /** A chunk and everything it imports statically, as manifest keys. */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  const jsOf = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + size(manifest[key]?.file ?? ''), 0);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const entry = closure(entryKey);
  /**
   * A route screen's chunk: its own key, or the dynamic entry named after it when Rolldown
   * merged it with code it shares (no `src` then); none when it is part of the entry.
   */
  const routeChunk = (file: string) => {
    const key = `src/app/routes/${file}`;
    if (manifest[key]) return key;
    const name = file.replace(/\.tsx$/, '');
    return Object.keys(manifest).find(
      (other) => manifest[other]?.isDynamicEntry && !manifest[other]?.src && manifest[other]?.name === name,
    );
  };
  const loginChunk = routeChunk('login.tsx');
  const login = loginChunk ? closure(loginChunk, new Set(entry)) : entry;
  /** A chunk vite.config.ts names (`name`), as its manifest key. */
  const named = (name: string) =>
    Object.keys(manifest).find((key) => manifest[key]?.name === name && manifest[key]?.file.endsWith('.js')) ?? '';
  /** The entry and MUI's theme: what is loaded before any screen but the sign-in page. */
  const themeKey = named('theme');
  const themed = closure(themeKey, new Set(entry));
  /** The signed-in frame, the theme and the entry: what is loaded before any signed-in screen's own code. */
  const frameKey = named('frame');
  const frame = closure(frameKey, new Set(themed));
  /** The chunks the screens share, loaded beside a screen's own. */
  const commonKeys = ['mui', 'contract', 'shared'].map(named);
  const common = (before: Set<string>) => commonKeys.reduce((into, key) => closure(key, into), new Set(before));
  /** The screens the frame's route table loads. */
  const signedInScreens = new Set(
    [...frame].filter((key) => !themed.has(key)).flatMap((key) => manifest[key]?.dynamicImports ?? []),
  );

  it('finds the entry, the signed-in frame and every lazily loaded route screen in the manifest', () => {
    expect(entryKey).toBe('index.html');
    expect([themeKey, frameKey, ...commonKeys].filter((key) => !key)).toEqual([]);
    expect(signedInScreens.has(routeChunk('dashboard.tsx') ?? '')).toBe(true);
    expect(signedInScreens.has(routeChunk('sign-up.tsx') ?? '')).toBe(false);
    const missing = routeFiles.filter((file) => file !== 'login.tsx' && !routeChunk(file));
    expect(missing).toEqual([]);
    expect(routeFiles.length).toBeGreaterThan(10);
    // The sign-in page is either its own chunk or part of the entry: then its title is there.
    if (!loginChunk)
      expect(fs.readFileSync(path.join(dist, manifest[entryKey]?.file ?? ''), 'utf8')).toContain('Login to Shopdesk');
  });

  it('gives signed-in screens a page that preloads the whole frame, and /login none of it', () => {
    // app.html (static-files.ts serves it to every signed-in address): one modulepreload per
    // chunk of the theme and the frame beyond the entry, each a built file.
    const preloads = (page: string) =>
      [
        ...fs
          .readFileSync(path.join(dist, page), 'utf8')
          .matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g),
      ].map((match) => match[1]);
    const expected = [...frame].filter((key) => !entry.has(key)).map((key) => manifest[key]?.file);
    // One chunk each (vite.config.ts): the theme and the frame.
    expect(expected.length).toBe(2);
    expect(preloads('app.html').sort()).toEqual(expected.sort());
    expect(preloads('index.html')).toEqual([]);
  });

  it(`/login loads at most ${budgets.login} KB of JavaScript (gzip) before it can paint`, () => {
    const total = kb(jsOf(login));
    process.stdout.write(
      `web budgets: entry ${kb(jsOf(entry))} KB, /login ${total} KB gzip (budget ${budgets.login}${total > budgets.login ? ': OVER' : ''})\n`,
    );
    expect(total).toBeLessThanOrEqual(budgets.login);
  });

  it('/login paints with none of MUI or its styling engine in its download', () => {
    const text = [...login].map((key) => fs.readFileSync(path.join(dist, manifest[key]?.file ?? ''), 'utf8')).join('');
    // MUI's components name their styles "Mui…" and emotion marks its <style> tags data-emotion.
    expect(text).toContain('Login to Shopdesk');
    expect(text.match(/\bMui[A-Z][A-Za-z]+|data-emotion/g) ?? []).toEqual([]);
  });

  it(`MUI's theme adds at most ${budgets.theme} KB (gzip) to the entry`, () => {
    const total = kb(jsOf([...themed].filter((key) => !entry.has(key))));
    process.stdout.write(`web budgets: MUI's theme ${total} KB gzip beyond the entry (budget ${budgets.theme})\n`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(budgets.theme);
  });

  it(`the signed-in frame adds at most ${budgets.frame} KB (gzip) to the entry and the theme`, () => {
    const total = kb(jsOf([...frame].filter((key) => !themed.has(key))));
    process.stdout.write(
      `web budgets: signed-in frame ${total} KB gzip beyond the entry and the theme (budget ${budgets.frame})\n`,
    );
    expect(total).toBeLessThanOrEqual(budgets.frame);
  });

  it(`the chunks the screens share add at most ${budgets.common} KB (gzip) to the frame`, () => {
    const total = kb(jsOf([...common(frame)].filter((key) => !frame.has(key))));
    process.stdout.write(`web budgets: the screens' common chunks ${total} KB gzip (budget ${budgets.common})\n`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(budgets.common);
  });

  it(`every signed-in screen opened by address loads at most ${budgets.files} scripts`, () => {
    const counts = routeFiles
      .map((file) => routeChunk(file) ?? '')
      .filter((key) => signedInScreens.has(key))
      .map((key) => ({ key, files: closure(key, new Set(frame)).size }));
    expect(counts.length).toBeGreaterThan(10);
    const most = Math.max(...counts.map(({ files }) => files));
    process.stdout.write(`web budgets: a signed-in screen loads at most ${most} scripts (budget ${budgets.files})\n`);
    expect(counts.filter(({ files }) => files > budgets.files)).toEqual([]);
  });

  it(`every route adds at most ${budgets.route} KB (gzip) to what is loaded before it`, () => {
    const sizes = routeFiles
      .filter((file) => file !== 'login.tsx')
      .map((file) => {
        const key = routeChunk(file) ?? '';
        const before = common(signedInScreens.has(key) ? frame : themed);
        const own = [...closure(key)].filter((other) => !before.has(other));
        return { file, total: kb(jsOf(own)) };
      })
      .sort((a, b) => b.total - a.total);
    const largest = sizes[0];
    process.stdout.write(
      `web budgets: largest route ${largest?.file} ${largest?.total} KB gzip beyond what is loaded before it (budget ${budgets.route})\n`,
    );
    expect(sizes.filter(({ total }) => total > budgets.route).map(({ file, total }) => `${file}: ${total} KB`)).toEqual(
      [],
    );
  });

  it(`all the CSS together is at most ${budgets.css} KB (gzip)`, () => {
    const css = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.css'));
    const total = kb(css.reduce((sum, file) => sum + size(`assets/${file}`), 0));
    process.stdout.write(`web budgets: CSS ${total} KB gzip (budget ${budgets.css})\n`);
    expect(total).toBeLessThanOrEqual(budgets.css);
  });

  it('ships a .br and a .gz beside every script, style sheet and page of 1 KB or more, each the same file', () => {
    const texts = fs
      .readdirSync(path.join(dist, 'assets'))
      .map((file) => `assets/${file}`)
      .concat('index.html')
      .filter((file) => /\.(js|css|html)$/.test(file) && fs.statSync(path.join(dist, file)).size >= 1024);
    expect(texts.length).toBeGreaterThan(10);
    for (const file of texts) {
      const original = fs.readFileSync(path.join(dist, file));
      expect(brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`))).equals(original), file).toBe(true);
    }
    // What a browser downloads for /login's scripts: the Brotli files the server sends.
    const onWire = [...login].reduce((sum, key) => {
      const file = path.join(dist, `${manifest[key]?.file ?? ''}.br`);
      return (
        sum +
        (fs.existsSync(file) ? fs.statSync(file).size : fs.statSync(path.join(dist, manifest[key]?.file ?? '')).size)
      );
    }, 0);
    process.stdout.write(`web budgets: /login scripts on the wire ${kb(onWire)} KB (Brotli)\n`);
    expect(kb(onWire)).toBeLessThanOrEqual(budgets.login);
  });
});
