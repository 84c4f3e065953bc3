import { builtInRoles } from '@shopdesk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, markLoggedIn, saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { Sidebar } from './sidebar';
import { nextOpenGroup } from './use-open-group';

const groupButton = (name: string) => screen.getByRole('button', { name });

/** Signed in with a role: its permissions stored at sign-in and answered by GET /api/user/:id. */
function signInAs(role: keyof typeof builtInRoles) {
  const permissions = [...builtInRoles[role]];
  saveSession('token-1', { name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }, permissions);
  markLoggedIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { id: 'u1', _id: 'u1', name: 'Asha', role, permissions })),
  );
}

beforeEach(() => signInAs('owner'));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('sidebar', () => {
  it('shows the spec labels with their links', () => {
    renderWithApp(<Sidebar />);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    fireEvent.click(groupButton('Products'));
    expect(screen.getByRole('link', { name: 'Add Product WEIGHT' }).getAttribute('href')).toBe('/productWEIGHT/add');
    fireEvent.click(groupButton('Home Side Banners'));
    expect(screen.getByRole('link', { name: 'Banner Upload' }).getAttribute('href')).toBe('/homeSideBanners/add');
  });

  it('keeps only one group open: another click switches, the same click collapses', () => {
    renderWithApp(<Sidebar />);
    expect(screen.queryByRole('link', { name: 'Category List' })).toBeNull();
    fireEvent.click(groupButton('Category'));
    expect(screen.getByRole('link', { name: 'Category List' })).toBeTruthy();
    expect(groupButton('Category').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(groupButton('Sub Category'));
    expect(screen.getByRole('link', { name: 'Sub Category List' })).toBeTruthy();
    expect(groupButton('Category').getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(groupButton('Sub Category'));
    expect(groupButton('Sub Category').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the group of the current page', () => {
    renderWithApp(<Sidebar />, { path: '/productSIZE/add' });
    expect(groupButton('Products').getAttribute('aria-expanded')).toBe('true');
  });

  it('reports a chosen link so the mobile overlay can close', () => {
    let closed = 0;
    renderWithApp(<Sidebar onNavigate={() => closed++} />);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(closed).toBe(1);
  });

  it('shows Staff and Roles under Settings to a role with staff:manage, and Trash to everyone', async () => {
    renderWithApp(<Sidebar />);
    fireEvent.click(groupButton('Settings'));
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/settings/staff');
    expect(screen.getByRole('link', { name: 'Roles' }).getAttribute('href')).toBe('/settings/roles');
    expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('href')).toBe('/settings/trash');
  });

  it('hides from a viewer every link it may not use, and groups left empty', async () => {
    signInAs('viewer');
    renderWithApp(<Sidebar />);
    fireEvent.click(groupButton('Settings'));
    expect(screen.getByRole('link', { name: 'Trash' })).toBeTruthy();
    for (const name of ['Staff', 'Roles']) expect(screen.queryByRole('link', { name })).toBeNull();
    fireEvent.click(groupButton('Products'));
    expect(screen.getByRole('link', { name: 'Product List' })).toBeTruthy();
    for (const name of ['Product Upload', 'Add Product RAMS', 'Add Product SIZE']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    fireEvent.click(groupButton('Home Side Banners'));
    expect(screen.getByRole('link', { name: 'Banners List' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Banner Upload' })).toBeNull();
  });

  it('nextOpenGroup toggles and switches', () => {
    expect(nextOpenGroup(null, 'a')).toBe('a');
    expect(nextOpenGroup('a', 'a')).toBeNull();
    expect(nextOpenGroup('a', 'b')).toBe('b');
  });
});
