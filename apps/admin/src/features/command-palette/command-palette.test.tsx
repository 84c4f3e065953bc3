import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaletteButton } from '../../components/layout/palette-button';
import { clearSession } from '../../lib/session';
import { closeShortcutDialogs, shortcutSearch } from '../../lib/shortcuts';
import { themeStore } from '../../lib/theme-store';
import { type Call, fakeApi } from '../../testing/fake-api';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { CommandPaletteDialogs, type PaletteSources, useGlobalShortcuts } from './command-palette-host';

afterEach(() => {
  act(() => closeShortcutDialogs());
  act(() => themeStore.set('light'));
  clearSession();
  vi.unstubAllGlobals();
});

const product = { id: 'p1', _id: 'p1', name: 'Galaxy Phone', brand: 'Samsung', catName: 'Electronics' };
const order = {
  id: 'o1',
  _id: 'o1',
  name: 'Ravi Kumar',
  email: 'ravi@customer.test',
  phoneNumber: '9876543210',
};
const page = (key: string, rows: unknown[]) => ({
  [key]: rows,
  totalPages: 1,
  page: 1,
  perPage: 5,
  totalCount: rows.length,
});
const categories = [
  { id: 'c1', _id: 'c1', name: 'Electronics', children: [] },
  {
    id: 'c2',
    _id: 'c2',
    name: 'Fashion',
    children: [{ id: 's1', _id: 's1', name: 'Shirts', parentId: 'c2' }],
  },
];

/** Answers the searches: a product and an order for "galaxy"/"98765", nothing for anything else. */
function shopApi(call: Call): Response | undefined {
  const q = new URL(call.path, 'http://shop.test').searchParams.get('q') ?? '';
  if (call.path.startsWith('/api/search'))
    return jsonResponse(200, page('products', /galaxy/i.test(q) ? [product] : []));
  if (call.path.startsWith('/api/orders')) return jsonResponse(200, page('orders', /98765/.test(q) ? [order] : []));
  return undefined;
}

/** The dialogs with the keys that open them, as the app mounts them. */
function Host({ sources }: { sources: PaletteSources }) {
  useGlobalShortcuts();
  return <CommandPaletteDialogs sources={sources} />;
}

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderPalette(role: Parameters<typeof fakeApi>[0] = 'owner', handler = shopApi) {
  const api = fakeApi(role, handler);
  const sources: PaletteSources = {
    categories: { queryKey: ['categories', 'list', {}], queryFn: async () => categories as never },
    exportOrders: vi.fn(),
  };
  renderWithApp(
    <>
      <PaletteButton isWide />
      <input aria-label="Some text field" />
      <input aria-label="Screen search" {...shortcutSearch} />
      <Where />
      <Host sources={sources} />
    </>,
    { path: '/somewhere' },
  );
  return { ...api, sources };
}

const press = (key: string, options: KeyboardEventInit = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...options });
const combobox = () => screen.getByRole('combobox');
const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const activeOption = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');
const type = (text: string) => fireEvent.change(combobox(), { target: { value: text } });
const groupOptions = (name: string) =>
  within(screen.getByRole('group', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('command palette', () => {
  it('Ctrl+K opens a combobox over a listbox (WAI-ARIA combobox pattern)', async () => {
    renderPalette();
    press('k', { ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Search or jump to…' });
    const field = within(dialog).getByRole('combobox', { name: 'Search or jump to…' });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = within(dialog).getByRole('listbox');
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    // Empty: every screen and action, grouped, the first one active.
    expect(groupOptions('Screens')).toContain('Dashboard');
    expect(groupOptions('Actions')).toEqual([
      'Add product',
      'Export ordersEvery order as CSV',
      'Toggle themeSwitch to the dark theme',
    ]);
    expect(activeOption()?.textContent).toBe('Dashboard');
    expect(activeOption()?.getAttribute('role')).toBe('option');
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    expect(within(listbox).getAllByRole('option', { selected: true })).toHaveLength(1);
  });

  it('⌘K opens it too, and from inside a text field', async () => {
    renderPalette();
    const field = screen.getByRole('textbox', { name: 'Some text field' });
    field.focus();
    const event = new KeyboardEvent('keydown', { key: 'k', metaKey: true, bubbles: true, cancelable: true });
    act(() => void field.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Search or jump to…' })).toBeTruthy();
  });

  it('ArrowDown/ArrowUp move aria-activedescendant (wrapping), Enter goes to the screen', async () => {
    renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('list');
    const shown = screen.getAllByRole('option').map((option) => option.textContent);
    expect(shown[0]).toBe('Home Slides ListHome Banner Slides');
    expect(activeOption()?.textContent).toBe(shown[0]);
    press('ArrowDown', {}, combobox());
    expect(activeOption()?.textContent).toBe(shown[1]);
    expect(document.activeElement).toBe(combobox());
    press('ArrowUp', {}, combobox());
    press('ArrowUp', {}, combobox());
    expect(activeOption()?.textContent).toBe(shown.at(-1));
    type('product list');
    expect(activeOption()?.textContent).toBe('Product ListProducts');
    press('Enter', {}, combobox());
    await waitFor(() => expect(location()).toBe('/products'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('finds products and orders on the server (debounced, one request per settled text) and goes to them', async () => {
    const { calls } = renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('g');
    type('ga');
    type('galaxy');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Searching…');
    await waitFor(() => expect(groupOptions('Products')).toEqual(['Galaxy PhoneSamsung · Electronics']));
    const searches = calls.filter((call) => call.path.startsWith('/api/search'));
    expect(searches.map((call) => call.path)).toEqual(['/api/search?q=galaxy&page=1&perPage=5']);
    expect(calls.filter((call) => call.path.startsWith('/api/orders')).map((call) => call.path)).toEqual([
      '/api/orders?q=galaxy&page=1&perPage=5',
    ]);
    expect(activeOption()?.textContent).toBe('Galaxy PhoneSamsung · Electronics');
    press('Enter', {}, combobox());
    await waitFor(() => expect(location()).toBe('/product/details/p1'));

    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('98765');
    await waitFor(() =>
      expect(groupOptions('Orders')).toEqual(['Order o1Ravi Kumar · ravi@customer.test · 9876543210']),
    );
    press('Enter', {}, combobox());
    await waitFor(() => expect(location()).toBe('/orders/o1'));
  });

  it('finds categories in the category list and opens their edit screen', async () => {
    renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('fash');
    // A category's sub categories come with it (the parent's name is part of what they match).
    await waitFor(() =>
      expect(groupOptions('Categories')).toEqual(['FashionEdit category', 'ShirtsSub Category of Fashion']),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Fashion Edit category' }));
    await waitFor(() => expect(location()).toBe('/category/edit/c2'));
  });

  it('finds sub categories under their category and opens the Sub Category List', async () => {
    renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('shirt');
    await waitFor(() => expect(groupOptions('Categories')).toEqual(['ShirtsSub Category of Fashion']));
    fireEvent.click(screen.getByRole('option', { name: 'Shirts Sub Category of Fashion' }));
    await waitFor(() => expect(location()).toBe('/subCategory'));
  });

  it('says when nothing is found, and when a search fails', async () => {
    renderPalette('owner', (call) =>
      call.path.startsWith('/api/orders') ? jsonResponse(500, { error: true, msg: 'Database is down' }) : shopApi(call),
    );
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('zzzz');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent).toBe('Could not search orders: Database is down'),
    );
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('says "No results" for text that finds nothing', async () => {
    renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('zzzz');
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe('No results for “zzzz”'));
  });

  it('runs the actions: Toggle theme, Export orders', async () => {
    const { sources } = renderPalette();
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('theme');
    press('Enter', {}, combobox());
    expect(themeStore.get()).toBe('dark');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    type('export');
    press('Enter', {}, combobox());
    expect(sources.exportOrders).toHaveBeenCalledTimes(1);
  });

  it('hides what the person may not do: a viewer sees no Add product, Export orders or upload screen', async () => {
    renderPalette('viewer');
    press('k', { ctrlKey: true });
    await screen.findByRole('combobox');
    await waitFor(() => expect(groupOptions('Actions')).toEqual(['Toggle themeSwitch to the dark theme']));
    const screens = groupOptions('Screens');
    expect(screens).toContain('Product ListProducts');
    expect(screens).not.toContain('Product UploadProducts');
    expect(screens).not.toContain('StaffSettings');
  });

  it('Escape closes it and focus goes back where it was', async () => {
    renderPalette();
    const button = screen.getByRole('button', { name: /Search or jump to…/ });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('combobox');
    press('Escape', {}, combobox());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('? and /', () => {
  it('? lists the keyboard shortcuts, but not while typing in a text field', async () => {
    renderPalette();
    const field = screen.getByRole('textbox', { name: 'Some text field' });
    press('?', { shiftKey: true }, field);
    expect(screen.queryByRole('dialog')).toBeNull();
    press('?', { shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByRole('rowheader', { name: 'Ctrl+K' })).toBeTruthy();
    expect(within(dialog).getByRole('rowheader', { name: '/' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('/ focuses the screen’s marked search field, and types as usual inside a text field', () => {
    renderPalette();
    const field = screen.getByRole('textbox', { name: 'Some text field' });
    field.focus();
    expect(press('/', {}, field)).toBe(true);
    expect(document.activeElement).toBe(field);
    (document.activeElement as HTMLElement).blur();
    expect(press('/')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Screen search' }));
  });
});
