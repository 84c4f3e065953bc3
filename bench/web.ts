import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Session {
  token: string;
  user: { id: string; name: string; email: string; permissions?: string[] };
}

/**
 * What the dashboard keeps in local storage after a sign-in (lib/session.ts): the token, the
 * spec's user record and the permissions the answer gave; the pages are measured as a signed-in
 * person opens them again.
 */
const storedSession = (s: Session): [string, string][] => [
  ['token', s.token],
  ['user', JSON.stringify({ name: s.user.name, email: s.user.email, userId: s.user.id, isAdmin: true })],
  ['permissions', JSON.stringify(s.user.permissions ?? [])],
];

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

/** A mobile run also gives what the page transferred (`total-byte-weight`, KB of 1024 bytes). */
export interface MobileScores extends LighthouseScores {
  totalKb: number;
  /** Requests the page got with no bytes transferred (from a cache): 0 when the cache was cold. */
  fromCache: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const scoresOf = (path: string, lhr: Lhr): LighthouseScores => ({
  path,
  performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
  lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
  tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
});

/** /login first (signed out), then the signed-in pages. */
const loginFirst = (paths: string[]) => [...paths].sort((a, b) => Number(b === '/login') - Number(a === '/login'));

/**
 * One Lighthouse run, again when Lighthouse itself fails ("Something went wrong with recording
 * the trace … Please run Lighthouse again"), not scores: twice at most. `prepare` runs before
 * every attempt.
 */
async function lighthouseRun(path: string, prepare: () => Promise<void>, run: () => ReturnType<typeof lighthouse>) {
  await prepare();
  let lhr = (await run())?.lhr;
  for (let again = 0; lhr?.runtimeError && again < 2; again += 1) {
    process.stderr.write(`[bench] Lighthouse on ${path}: ${lhr.runtimeError.message}; running it again\n`);
    await prepare();
    lhr = (await run())?.lhr;
  }
  if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * chrome-launcher reports a missing browser as an 'error' event nothing can catch, which
 * would end the bench and leave its servers running: say so as an ordinary error first.
 */
function launchChrome() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  return chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: flags });
}

/**
 * Lighthouse (desktop settings) on Debian's Chromium: /login signed out, then the other pages
 * signed in (token and user put into local storage first, storage not reset between runs).
 */
export function lighthouseScores(baseUrl: string, session: Session, paths: string[]) {
  return eachPage(paths, async (port, path) => {
    if (path !== '/login') await putSession(port, baseUrl, session);
    const lhr = await lighthouseRun(
      path,
      async () => {},
      () =>
        lighthouse(
          `${baseUrl}${path}`,
          { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
          desktopConfig,
        ),
    );
    return scoresOf(path, lhr);
  });
}

/** A Chromium of its own for one pass over `paths` (/login first), closed afterwards. */
async function eachPage<T>(paths: string[], measure: (port: number, path: string) => Promise<T>): Promise<T[]> {
  const chrome = await launchChrome();
  const results: T[] = [];
  try {
    for (const path of loginFirst(paths)) results.push(await measure(chrome.port, path));
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * Lighthouse with its default (mobile) settings, no config: simulated slow 4G, 4× CPU
 * slowdown, a phone's screen. A Chromium of its own (chrome-launcher gives each launch a new
 * temporary profile), /login first signed out, then the other pages signed in.
 *
 * Cold cache: Lighthouse's storage reset is off (`disableStorageReset`) so that the session in
 * local storage stays, and with it Lighthouse clears no cache either. So before every run and
 * every retry, after the session is put in (which loads /login and so fills the cache), the
 * HTTP cache is cleared through the DevTools protocol as Lighthouse's own reset does
 * (`Network.clearBrowserCache` for the disk cache, `Network.setCacheDisabled` on and off for the
 * memory cache), and Lighthouse then loads the page in a tab of its own. `fromCache` counts the
 * requests that still came with no bytes transferred (a cache hit): it is 0 on a cold run.
 */
export function mobileLighthouseScores(baseUrl: string, session: Session, paths: string[]) {
  return eachPage(paths, async (port, path): Promise<MobileScores> => {
    const lhr = await lighthouseRun(
      path,
      () => coldCache(port, baseUrl, path === '/login' ? null : session),
      () =>
        lighthouse(`${baseUrl}${path}`, {
          port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        }),
    );
    const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string; transferSize?: number }[] })
      ?.items;
    return {
      ...scoresOf(path, lhr),
      totalKb: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      fromCache: (requests ?? []).filter((r) => r.url?.startsWith('http') && r.transferSize === 0).length,
    };
  });
}

async function putSession(port: number, baseUrl: string, session: Session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, storedSession(session));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The session put into local storage (none: left as it is), then the browser's HTTP cache emptied. */
async function coldCache(port: number, baseUrl: string, session: Session | null) {
  if (session) await putSession(port, baseUrl, session);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * From a click on the product table's next-page button to the first row showing another
 * product, measured inside the page (performance.now, checked every animation frame).
 */
export async function paginationClicks(baseUrl: string, session: Session, clicks: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: flags.slice(1) });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, storedSession(session));
    await page.goto('/products?perPage=25');
    await page.locator('table[aria-label="Products"] tbody tr').first().waitFor({ timeout: 30_000 });
    const times: number[] = [];
    for (let i = 0; i < clicks + 1; i += 1) {
      // A string, not a function: tsx would wrap the function's inner helpers in __name().
      const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
        const firstRow = () => document.querySelector('table[aria-label="Products"] tbody tr')?.textContent ?? '';
        const button = document.querySelector('button[aria-label="Go to next page"]');
        if (!button) return reject(new Error('no next-page button'));
        const before = firstRow();
        const started = performance.now();
        const check = () => {
          if (firstRow() !== before) resolve(performance.now() - started);
          else if (performance.now() - started > 10000) reject(new Error('the rows never changed'));
          else requestAnimationFrame(check);
        };
        button.click();
        requestAnimationFrame(check);
      })`);
      // The first click also loads code paths for the first time: not counted.
      if (i > 0) times.push(ms);
      await page.waitForTimeout(150);
    }
    return times;
  } finally {
    await browser.close();
  }
}
