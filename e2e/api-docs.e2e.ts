import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * GET /api/docs in a real browser: Swagger UI renders the API description under the app's own
 * Content-Security-Policy (no violation, no script error) and loads nothing from another origin.
 */
describe.skipIf(!hasChromium)('API description page (/api/docs)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders every route group from this server alone, with no CSP violation', async () => {
    const { context, page } = await newPage(browser, server);
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.baseUrl) && !url.startsWith('data:')) elsewhere.push(url);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await expect
      .poll(() => page.locator('.swagger-ui .info .title').textContent(), { timeout: 15_000 })
      .toContain('Shopdesk API');
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 15_000 }).toBeGreaterThan(15);

    // Opening a group shows its operations, the shapes included.
    await page.locator('.opblock-tag', { hasText: /^products$/ }).click();
    await expect
      .poll(() => page.locator('.opblock-summary-path', { hasText: '/api/products/create' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.locator('.opblock-summary-path', { hasText: '/api/products/create' }).click();
    await expect
      .poll(() => page.locator('.opblock-body').first().textContent(), { timeout: 15_000 })
      .toContain('countInStock');

    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
