import type { TestApp } from '../../../test/test-app';

/** Test helpers: a user agent walking through the local provider's pages (no browser). */

export const publicUrl = 'http://shop.test';
export const redirectUri = `${publicUrl}/api/auth/oidc/callback`;

class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Starts a sign-in at Shopdesk: the provider URL and the state cookie it set. */
export async function startAtShop(t: TestApp) {
  const res = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
  if (res.statusCode !== 302) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  return { authorizeUrl: String(res.headers.location), setCookie, stateCookie: setCookie.split(';')[0] ?? '' };
}

/**
 * Follows the provider's redirects, types `email` on its login page (or cancels), and
 * returns the query string the provider sends back to Shopdesk's callback.
 */
export async function answerAtProvider(authorizeUrl: string, email: string | 'cancel'): Promise<URLSearchParams> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
    jar.take(res.headers);
    const location = res.headers.get('location');
    if (location?.startsWith(redirectUri)) return new URL(location).searchParams;
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const page = await res.text();
    if (!page.includes('name="email"')) throw new Error(`provider said ${res.status}: ${page.slice(0, 300)}`);
    const form = new URLSearchParams(email === 'cancel' ? { email: '', cancel: '1' } : { email });
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many redirects at the provider');
}

export type PopupData = {
  type: string;
  error?: string;
  credential?: string;
  profile?: { name: string; email: string; picture: string };
};

/** Calls Shopdesk's callback and reads what its page would post to the opener. */
export async function callback(t: TestApp, query: URLSearchParams | string, cookie?: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/auth/oidc/callback?${query.toString()}`,
    headers: cookie ? { cookie } : {},
  });
  const json = /<script type="application\/json" id="oidc-result">(.*?)<\/script>/s.exec(res.body)?.[1];
  if (!json) throw new Error(`no result on the callback page: ${res.statusCode} ${res.body}`);
  return { res, data: JSON.parse(json) as PopupData };
}

/** The whole popup, ending in the data handed to the opener. */
export async function popupSignIn(t: TestApp, email: string) {
  const { authorizeUrl, stateCookie } = await startAtShop(t);
  const query = await answerAtProvider(authorizeUrl, email);
  return (await callback(t, query, stateCookie)).data;
}
