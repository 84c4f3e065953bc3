import type { SavedView } from '@shopdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AlertSnackbar from '../../../components/ui/alert-snackbar';
import { hideAlert } from '../../../lib/alerts';
import { clearSession } from '../../../lib/session';
import { AddressProbe } from '../../../testing/address-probe';
import { type Call, fakeApi } from '../../../testing/fake-api';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { ViewsMenu } from './views-menu';

const view = (
  id: string,
  name: string,
  ownerId: string,
  shared: boolean,
  query: Record<string, string>,
): SavedView => ({
  id,
  name,
  screen: 'products',
  query,
  shared,
  ownerId,
});
const mine = view('v1', 'Cheap toys', 'u1', false, { catId: 'c1', sort: 'price', order: 'asc' });
const team = view('v2', 'Top rated', 'u9', true, { sort: 'rating', order: 'desc', perPage: '25' });

afterEach(() => {
  act(() => hideAlert());
  clearSession();
  vi.unstubAllGlobals();
});

const show = (path = '/products') =>
  renderWithApp(
    <>
      <ViewsMenu screen="products" />
      <AddressProbe />
      <AlertSnackbar />
    </>,
    { path },
  );
const openMenu = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Views' }));
  return screen.findByRole('menu');
};

describe('Saved views menu', () => {
  it('says so when there are no views, and while they load', async () => {
    let release: (response: Response) => void = () => {};
    fakeApi('owner', (call) =>
      call.path === '/api/views?screen=products'
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    show();
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Loading views...' })).toBeTruthy();
    await act(async () => release(jsonResponse(200, [])));
    expect(await within(menu).findByRole('menuitem', { name: 'No saved views yet' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Save current view…' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Manage views…' })).toBeNull();
  });

  it('shows a failed read with a way to try again', async () => {
    let fail = true;
    fakeApi('owner', (call) => {
      if (call.path !== '/api/views?screen=products') return undefined;
      return fail ? jsonResponse(500, { error: true, msg: 'The views could not be read' }) : jsonResponse(200, [mine]);
    });
    show();
    const menu = await openMenu();
    const retry = await within(menu).findByRole('menuitem', { name: /The views could not be read/ });
    fail = false;
    fireEvent.click(retry);
    expect(await within(menu).findByRole('menuitem', { name: 'Cheap toys' })).toBeTruthy();
  });

  it('lists own and shared views; choosing one opens the screen with its parameters', async () => {
    fakeApi('owner', (call) =>
      call.path === '/api/views?screen=products' ? jsonResponse(200, [mine, team]) : undefined,
    );
    show('/products?page=3');
    const menu = await openMenu();
    expect(await within(menu).findByRole('menuitem', { name: 'Cheap toys' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Top rated\s*Shared by a teammate/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
        '/products?sort=rating&order=desc&perPage=25',
      ),
    );
  });

  it('saves every parameter of the address but the page, shared when asked', async () => {
    const { calls } = fakeApi('owner', (call) => {
      if (call.path === '/api/views?screen=products') return jsonResponse(200, []);
      if (call.method === 'POST' && call.path === '/api/views') {
        const body = call.body as SavedView;
        return jsonResponse(201, { ...body, id: 'v3', ownerId: 'u1' });
      }
      return undefined;
    });
    show('/products?catId=c1&q=kite&sort=price&order=desc&perPage=25&page=3&lowStock=1');
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    // No name: the field says so.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Please enter a name for the view')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Kites by price' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with the team' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Kites by price',
      screen: 'products',
      query: { catId: 'c1', q: 'kite', sort: 'price', order: 'desc', perPage: '25', lowStock: '1' },
      shared: true,
    });
    expect(await screen.findByText('View "Kites by price" saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save current view' })).toBeNull());
  });

  const handler = (call: Call) => {
    if (call.path === '/api/views?screen=products') return jsonResponse(200, [mine, team]);
    if (call.method === 'PUT' && call.path === '/api/views/v1')
      return jsonResponse(200, { ...mine, ...(call.body as object) });
    if (call.method === 'DELETE') return jsonResponse(200, { success: true, message: 'View deleted' });
    return undefined;
  };

  it('renames and deletes own views; with staff:manage, a shared view of another member too', async () => {
    const { calls } = fakeApi('owner', handler);
    show();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Manage views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    expect(within(dialog).queryByRole('button', { name: 'Rename view Top rated' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete view Top rated' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename view Cheap toys' }));
    const field = within(dialog).getByRole('textbox', { name: 'New name for Cheap toys' });
    fireEvent.change(field, { target: { value: 'Cheapest toys' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Cheapest toys' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete view Top rated' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/views/v2'));
    expect(await screen.findByText('View deleted')).toBeTruthy();
  });

  it('without staff:manage, a shared view of another member cannot be deleted', async () => {
    fakeApi('manager', handler);
    show();
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Manage views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    expect(within(dialog).getByRole('button', { name: 'Delete view Cheap toys' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete view Top rated' })).toBeNull();
  });
});
