import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { Sidebar } from './sidebar';
import { nextOpenGroup } from './use-open-group';

const groupButton = (name: string) => screen.getByRole('button', { name });

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

  it('nextOpenGroup toggles and switches', () => {
    expect(nextOpenGroup(null, 'a')).toBe('a');
    expect(nextOpenGroup('a', 'a')).toBeNull();
    expect(nextOpenGroup('a', 'b')).toBe('b');
  });
});
