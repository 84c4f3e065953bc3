import { staffMessages } from '@shopdesk/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, markLoggedIn, permissionsKey, saveSession, tokenKey, userKey } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { RequirePermission } from './permission-gate';

/** Signed in; the server's record of the user answers with `permissions` (or fails). */
function signIn(signedIn: string[] | undefined, answer: () => Response) {
  saveSession('token-1', { name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }, signedIn);
  markLoggedIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const gated = (
  <RequirePermission permission="staff:manage">
    <p>the staff screen</p>
  </RequirePermission>
);

describe('RequirePermission', () => {
  it('shows the screen to a role holding the permission', async () => {
    signIn(['staff:manage'], () => jsonResponse(200, { id: 'u1', permissions: ['staff:manage'] }));
    renderWithApp(gated);
    expect(await screen.findByText('the staff screen')).toBeTruthy();
  });

  it('says "You do not have permission to do this" instead of the screen without it', async () => {
    signIn(['catalogue:write'], () => jsonResponse(200, { id: 'u1', permissions: ['catalogue:write'] }));
    renderWithApp(gated);
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.noPermission);
    expect(screen.queryByText('the staff screen')).toBeNull();
  });

  it('follows the server: a role changed since sign-in counts once the user’s record is read', async () => {
    signIn(['staff:manage'], () => jsonResponse(200, { id: 'u1', permissions: [] }));
    renderWithApp(gated);
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.noPermission);
  });

  it('waits (loading) while nothing is known yet, rather than refusing', async () => {
    signIn(undefined, () => jsonResponse(200, { id: 'u1', permissions: ['staff:manage'] }));
    renderWithApp(gated);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('the staff screen')).toBeTruthy();
  });

  it('draws a reloaded screen at once with the permissions the server last gave, then keeps its new answer', async () => {
    // A reload: what an earlier sign-in left in local storage, nothing in memory.
    localStorage.setItem(tokenKey, 'token-1');
    localStorage.setItem(
      userKey,
      JSON.stringify({ name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }),
    );
    localStorage.setItem(permissionsKey, JSON.stringify(['staff:manage']));
    markLoggedIn();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithApp(gated);
    // Before the user's record answers: the screen, not a loading state.
    expect(screen.getByText('the staff screen')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // The owner took the permission away meanwhile: the answer counts, and is kept for the next load.
    answer(jsonResponse(200, { id: 'u1', permissions: ['catalogue:write'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.noPermission);
    expect(JSON.parse(localStorage.getItem(permissionsKey) ?? 'null')).toEqual(['catalogue:write']);
  });

  it('forgets the remembered permissions when the session ends', () => {
    signIn(['staff:manage'], () => jsonResponse(200, { id: 'u1', permissions: ['staff:manage'] }));
    expect(localStorage.getItem(permissionsKey)).toBe('["staff:manage"]');
    clearSession();
    expect(localStorage.getItem(permissionsKey)).toBeNull();
  });
});
