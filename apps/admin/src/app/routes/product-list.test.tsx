import type { Product } from '@shopdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AlertSnackbar from '../../components/ui/alert-snackbar';
import { alertStore, hideAlert } from '../../lib/alerts';
import { clearSession } from '../../lib/session';
import { catchDownloads } from '../../testing/downloads';
import { type Call, fakeApi } from '../../testing/fake-api';
import { jsonResponse, renderWithApp } from '../../testing/render';
import ProductListScreen from './product-list';

const product = (id: string, name: string) =>
  ({
    id,
    _id: id,
    name,
    description: `${name}, described`,
    brand: 'Acme',
    price: 90,
    oldPrice: 120,
    catName: 'Toys',
    subCatName: 'Puzzles',
    rating: 4,
    images: [],
  }) as unknown as Product;

const page = {
  products: [product('p1', 'Kite'), product('p2', 'Puzzle')],
  totalPages: 3,
  page: 1,
  perPage: 10,
  totalCount: 30,
};
const toys = { id: 'c1', _id: 'c1', name: 'Toys', slug: 'toys', color: '#000', images: [], children: [] };

/** The Product List's reads, and `extra` for what a test is about. */
const answers =
  (extra: (call: Call) => Response | undefined = () => undefined) =>
  (call: Call) => {
    if (call.path.startsWith('/api/products?') || call.path.startsWith('/api/search?')) return jsonResponse(200, page);
    if (call.path.endsWith('/get/count')) return jsonResponse(200, { productsCount: 30, categoryCount: 1 });
    if (call.path === '/api/category') return jsonResponse(200, { categoryList: [toys] });
    return extra(call);
  };

const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

afterEach(() => {
  act(() => hideAlert());
  clearSession();
  vi.unstubAllGlobals();
});

const show = (path = '/products') =>
  renderWithApp(
    <>
      <ProductListScreen />
      <AlertSnackbar />
    </>,
    { path },
  );

describe('Product List: the checkbox column and the bulk action bar', () => {
  it('puts a labelled checkbox column first and keeps the spec’s column words', async () => {
    fakeApi('owner', answers());
    show();
    const table = await screen.findByRole('table', { name: 'Products' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['', 'PRODUCT', 'CATEGORY', 'SUB CATEGORY', 'BRAND', 'PRICE', 'RATING', 'ACTION']);
    expect(within(table).getByRole('checkbox', { name: 'Select all products on this page' })).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Select Kite' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('counts ticked rows, ticks the page from the header, and offers every matching product', async () => {
    fakeApi('owner', answers());
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kite' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('status').textContent).toBe('1 selected');
    const header = screen.getByRole('checkbox', { name: 'Select all products on this page' }) as HTMLInputElement;
    expect(header.indeterminate).toBe(true);
    fireEvent.click(header);
    expect(within(bar).getByRole('status').textContent).toBe('2 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 30 matching' }));
    expect(within(bar).getByRole('status').textContent).toBe('30 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Kite' }) as HTMLInputElement).checked).toBe(false);
  });

  it('edits every matching product by filter, says how many, and UNDO puts them back', async () => {
    const { calls } = fakeApi(
      'owner',
      answers((call) => {
        if (call.path === '/api/products/bulk') return jsonResponse(200, { bulkId: 'b1', updated: 30 });
        if (call.path === '/api/products/bulk/b1/undo') return jsonResponse(200, { restored: 28, skipped: 2 });
        return undefined;
      }),
    );
    show('/products?q=kite');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kite' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 30 matching' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 30 products' });
    fireEvent.change(within(dialog).getByLabelText('Adjust price by %'), { target: { value: '-10' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(alertStore.get().msg).toBe('30 products updated'));
    expect(posts(calls, '/api/products/bulk').map((c) => c.body)).toEqual([
      { filter: { q: 'kite' }, set: { countInStock: 5 }, adjust: { price: { percent: -10 } } },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    await waitFor(() => expect(alertStore.get().msg).toBe('28 products restored; 2 changed since, left as they are'));
    expect(posts(calls, '/api/products/bulk/b1/undo')).toHaveLength(1);
  });

  it('checks the dialog with the server’s rules before sending anything', async () => {
    const { calls } = fakeApi('owner', answers());
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kite' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 1 product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Choose what to change')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Adjust price by %'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Set the price or adjust it by a percentage, not both')).toBeTruthy();
    // The field in error is marked, described by its message, and focused (react-hook-form).
    const percent = within(dialog).getByLabelText('Adjust price by %');
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(percent.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Set the price or adjust it by a percentage, not both',
    );
    expect(document.activeElement).toBe(percent);
    fireEvent.change(within(dialog).getByLabelText('Adjust price by %'), { target: { value: '-150' } });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('percent must be -100 or more')).toBeTruthy();
    expect(posts(calls, '/api/products/bulk')).toHaveLength(0);
  });

  it('shows the server’s refusal in the red alert and keeps the selection', async () => {
    fakeApi(
      'owner',
      answers((call) =>
        call.path === '/api/products/bulk'
          ? jsonResponse(400, { error: true, msg: 'No category named "Tyos"' })
          : undefined,
      ),
    );
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kite' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Discount'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'No category named "Tyos"' }));
    // The dialog stays open with what was typed; closing it keeps the rows ticked.
    expect((within(dialog).getByLabelText('Discount') as HTMLInputElement).value).toBe('15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('status').textContent).toBe(
      '1 selected',
    );
  });

  it('moves the ticked rows to the trash after a confirmation, without UNDO', async () => {
    const { calls } = fakeApi(
      'owner',
      answers((call) => (call.path === '/api/products/bulkDelete' ? jsonResponse(200, { trashed: 2 }) : undefined)),
    );
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all products on this page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 products to the trash?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(alertStore.get().msg).toBe('2 products moved to the trash'));
    expect(posts(calls, '/api/products/bulkDelete')[0]?.body).toEqual({ ids: expect.arrayContaining(['p1', 'p2']) });
    expect(alertStore.get().action).toBeUndefined();
  });

  it('offers no trash to a manager (no catalogue:delete), and no checkboxes to a viewer', async () => {
    fakeApi('manager', answers());
    const { unmount } = show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kite' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
    unmount();

    fakeApi('viewer', answers());
    show();
    const table = await screen.findByRole('table', { name: 'Products' });
    await waitFor(() => expect(within(table).queryByRole('checkbox')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    // A filter, not a selection: the viewer keeps it.
    expect(screen.getByRole('checkbox', { name: 'Low stock' })).toBeTruthy();
  });
});

describe('Product List: the Low stock filter (api.md §15)', () => {
  it('asks for the low products only, keeps lowStock=true in the address, and exports those', async () => {
    const downloads = catchDownloads();
    try {
      const { calls } = fakeApi(
        'editor',
        answers((call) =>
          call.path.startsWith('/api/products/export') ? new Response('id\n', { status: 200 }) : undefined,
        ),
      );
      const first = show('/products');
      const filter = await screen.findByRole('checkbox', { name: 'Low stock' });
      expect((filter as HTMLInputElement).checked).toBe(false);
      await screen.findByRole('table', { name: 'Products' });
      fireEvent.click(filter);
      await waitFor(() =>
        expect(calls.some((call) => call.path === '/api/products?page=1&perPage=10&lowStock=true')).toBe(true),
      );
      expect((screen.getByRole('checkbox', { name: 'Low stock' }) as HTMLInputElement).checked).toBe(true);
      first.unmount();
      // From the address (a reload, a saved view).
      show('/products?lowStock=true&catId=c1');
      expect(((await screen.findByRole('checkbox', { name: 'Low stock' })) as HTMLInputElement).checked).toBe(true);
      await waitFor(() =>
        expect(calls.some((call) => call.path === '/api/products/catId?catId=c1&page=1&perPage=10&lowStock=true')).toBe(
          true,
        ),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(calls.filter((call) => call.path.includes('/export')).map((call) => call.path)).toEqual([
        '/api/products/export?catId=c1&lowStock=true',
      ]);
    } finally {
      downloads.restore();
    }
  });
});

describe('Product List: Export CSV', () => {
  it('exports what the table shows: the category, or the search (which spans every category)', async () => {
    const downloads = catchDownloads();
    try {
      const { calls } = fakeApi(
        'editor',
        answers((call) =>
          call.path.startsWith('/api/products/export') ? new Response('id\n', { status: 200 }) : undefined,
        ),
      );
      const first = show('/products?catId=c1');
      fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      first.unmount();
      show('/products?catId=c1&q=kite');
      fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(calls.filter((call) => call.path.includes('/export')).map((call) => call.path)).toEqual([
        '/api/products/export?catId=c1',
        '/api/products/export?q=kite',
      ]);
      expect(downloads.saved.map((file) => file.name)).toEqual(['products.csv', 'products.csv']);
    } finally {
      downloads.restore();
    }
  });
});
