import { builtInRoles } from '@shopdesk/contract';
import { vi } from 'vitest';
import { markLoggedIn, saveSession } from '../lib/session';
import { jsonResponse } from './render';

export type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

/**
 * A stubbed fetch for screen tests: signs in as a built-in role (stored at sign-in and
 * answered by GET /api/user/:id), answers with `handler` (first match wins; unanswered paths
 * 404), and records every call made.
 */
export function fakeApi(role: keyof typeof builtInRoles, handler: Handler) {
  const permissions = [...builtInRoles[role]];
  saveSession('token-1', { name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }, permissions);
  markLoggedIn();
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    if (path === '/api/user/u1') return jsonResponse(200, { id: 'u1', _id: 'u1', name: 'Asha', role, permissions });
    return handler(call) ?? jsonResponse(404, { error: true, msg: `no stub for ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
