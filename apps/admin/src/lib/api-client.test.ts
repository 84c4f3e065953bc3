import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/render';
import { api } from './api-client';
import { ApiError } from './api-error';
import { registerNavigate } from './navigation';
import { sessionStore, setSigningOut } from './session';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  registerNavigate(navigate);
});
afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.unstubAllGlobals();
});

function sentHeaders(call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('reads the token on every request', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await api.get('/api/config');
    expect(sentHeaders(0).Authorization).toBeUndefined();
    localStorage.setItem('token', 'fresh-token');
    await api.get('/api/config');
    expect(sentHeaders(1).Authorization).toBe('Bearer fresh-token');
  });

  it('throws a typed ApiError carrying the server msg, fields and body', async () => {
    const body = { error: true, msg: 'current password wrong', fields: { password: 'wrong' } };
    fetchMock.mockResolvedValue(jsonResponse(400, body));
    const error = await api.put('/api/user/changePassword/1', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, msg: 'current password wrong', fields: { password: 'wrong' }, body });
  });

  it('ends the session and goes to /login on a 401 from a normal call', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', JSON.stringify({ name: 'A', email: 'a@x.io', userId: '1', isAdmin: true }));
    localStorage.setItem('theme', 'dark');
    fetchMock.mockResolvedValue(jsonResponse(401, { error: true, msg: 'Please sign in' }));
    await expect(api.get('/api/user/1')).rejects.toMatchObject({ status: 401, msg: 'Please sign in' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(sessionStore.get().isLoggedIn).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('makes no redirect of its own for a 401 answered while a logout runs', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: true, msg: 'Please sign in' }));
    setSigningOut(true);
    try {
      await expect(api.get('/api/dashboard/summary')).rejects.toMatchObject({ status: 401 });
    } finally {
      setSigningOut(false);
    }
    expect(navigate).not.toHaveBeenCalled();
    await expect(api.get('/api/dashboard/summary')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone on a 401 from sign-in (wrong password)', async () => {
    localStorage.setItem('token', 'kept');
    fetchMock.mockResolvedValue(jsonResponse(401, { error: true, msg: 'Invalid email or password' }));
    await expect(api.post('/api/user/signin', {})).rejects.toMatchObject({ msg: 'Invalid email or password' });
    expect(localStorage.getItem('token')).toBe('kept');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/config')).rejects.toMatchObject({ status: 0 });
  });
});
