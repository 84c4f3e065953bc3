import sharp from 'sharp';
import type { Cluster } from './start';

/**
 * What several instances must share, asked of a running cluster: sign-in through nginx, an
 * image stored through one instance and served by another, a session ended on one instance
 * and refused by another. Each returns what the client saw; the e2e test and the drill script
 * judge it.
 */

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the report
  }
  return { status: res.status, body: body as T };
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await call<{ token?: string }>(baseUrl, 'POST', '/api/user/signin', { body: { email, password } });
  if (res.status !== 200 || !res.body.token)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Uploads a generated PNG to /api/products/upload on `baseUrl`; the answer and the image's URL. */
export async function uploadImage(baseUrl: string, token: string): Promise<{ status: number; url: string }> {
  const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cluster.png');
  const res = await fetch(`${baseUrl}/api/products/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as string[];
  return { status: res.status, url: Array.isArray(body) ? (body[0] ?? '') : '' };
}

export interface ImageCheck {
  uploadStatus: number;
  url: string;
  /** GET of the image's path straight from the other instance (not through nginx). */
  fromOther: { status: number; contentType: string | null; bytes: number };
  fromProxy: { status: number };
}

export async function checkImageAcrossInstances(cluster: Cluster, token: string): Promise<ImageCheck> {
  const [first, second] = cluster.instances;
  if (!first || !second) throw new Error('the image check needs two instances');
  const upload = await uploadImage(first.baseUrl, token);
  const imagePath = upload.url ? new URL(upload.url).pathname : '/uploads/missing';
  const other = await fetch(second.baseUrl + imagePath);
  const bytes = (await other.arrayBuffer()).byteLength;
  const proxied = await fetch(cluster.url + imagePath);
  await proxied.arrayBuffer();
  return {
    uploadStatus: upload.status,
    url: upload.url,
    fromOther: { status: other.status, contentType: other.headers.get('content-type'), bytes },
    fromProxy: { status: proxied.status },
  };
}

export interface SessionCheck {
  /** The token's first use on the second instance (it may now remember the session). */
  beforeOnOther: number;
  logoutOnFirst: number;
  /** The very next request on the second instance after the logout on the first. */
  afterOnOther: Answer;
  afterThroughProxy: number;
}

export async function checkSessionEnd(cluster: Cluster, email: string, password: string): Promise<SessionCheck> {
  const [first, second] = cluster.instances;
  if (!first || !second) throw new Error('the session check needs two instances');
  const token = await signIn(cluster.url, email, password);
  const before = await call(second.baseUrl, 'GET', '/api/orders/get/count', { token });
  const logout = await call(first.baseUrl, 'POST', '/api/user/logout', { token });
  const after = await call(second.baseUrl, 'GET', '/api/orders/get/count', { token });
  const proxied = await call(cluster.url, 'GET', '/api/orders/get/count', { token });
  return {
    beforeOnOther: before.status,
    logoutOnFirst: logout.status,
    afterOnOther: after,
    afterThroughProxy: proxied.status,
  };
}
