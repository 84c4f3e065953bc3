import { ApiError } from './api-error';
import { navigateTo } from './navigation';
import { clearSession, getToken, isSigningOut } from './session';

/**
 * Calls whose 401 does not mean "session over, go to sign-in": the credential calls
 * answer 401 for a wrong password, and logout handles its own redirect.
 */
const credentialPaths = ['/api/user/signin', '/api/user/signup', '/api/user/authWithGoogle', '/api/user/logout'];

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A 401 elsewhere means the token expired or was revoked: end the session. Not while a logout
 * runs: it revoked the token itself and goes to /login on the spec's delay.
 */
export function handleUnauthorized(path: string, status: number): void {
  if (status !== 401 || isSigningOut()) return;
  const pathname = path.split('?')[0] ?? path;
  if (credentialPaths.includes(pathname)) return;
  clearSession();
  navigateTo('/login');
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const body = await readBody(response);
  if (!response.ok) {
    handleUnauthorized(path, response.status);
    throw new ApiError(response.status, body);
  }
  return body as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};
