import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertStore, hideAlert } from '../../../lib/alerts';
import { progressStore } from '../../../lib/progress';
import { clearSession } from '../../../lib/session';
import { catchDownloads } from '../../../testing/downloads';
import { type Call, fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { OrderExportControls } from './order-export-controls';
import { ProductExportButton } from './product-export-button';

const csv = (body: string, name: string) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });

let downloads: ReturnType<typeof catchDownloads> | undefined;
afterEach(() => {
  downloads?.restore();
  act(() => hideAlert());
  clearSession();
  vi.unstubAllGlobals();
});

const exports = (calls: Call[]) => calls.filter((call) => call.path.includes('/export'));

describe('Export CSV', () => {
  it('downloads the products the list shows, with the token, under the server’s file name', async () => {
    downloads = catchDownloads();
    const { calls, fetchMock } = fakeApi('editor', (call) =>
      call.path.startsWith('/api/products/export') ? csv('id,name\np1,Kite\n', 'products-2026.csv') : undefined,
    );
    renderWithApp(<ProductExportButton filter={{ q: 'kite & string' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads?.saved).toHaveLength(1));
    expect(exports(calls).map((call) => call.path)).toEqual(['/api/products/export?q=kite+%26+string']);
    const headers = fetchMock.mock.calls.find(([path]) => String(path).includes('/export'))?.[1]?.headers;
    expect(headers).toMatchObject({ Authorization: 'Bearer token-1' });
    expect(downloads?.saved[0]?.name).toBe('products-2026.csv');
    expect(await downloads?.saved[0]?.text).toBe('id,name\np1,Kite\n');
    expect(progressStore.get()).toBe(100);
  });

  it('shows the server’s refusal in the red alert and saves nothing', async () => {
    downloads = catchDownloads();
    fakeApi('editor', (call) =>
      call.path.startsWith('/api/products/export')
        ? new Response(JSON.stringify({ error: true, msg: 'You do not have permission to do this' }), { status: 403 })
        : undefined,
    );
    renderWithApp(<ProductExportButton filter={{ catId: 'c1' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'You do not have permission to do this' }),
    );
    expect(downloads.saved).toEqual([]);
  });

  it('is not there for a role without export', async () => {
    fakeApi('viewer', () => undefined);
    renderWithApp(
      <>
        <ProductExportButton filter={{}} />
        <OrderExportControls />
        <p>loaded</p>
      </>,
    );
    await screen.findByText('loaded');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull());
  });

  it('exports orders by date range and status', async () => {
    downloads = catchDownloads();
    const { calls } = fakeApi('clerk', (call) =>
      call.path.startsWith('/api/orders/export') ? csv('orderId\n', 'orders.csv') : undefined,
    );
    renderWithApp(<OrderExportControls />);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'delivered' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads?.saved).toHaveLength(1));
    expect(exports(calls).map((call) => call.path)).toEqual([
      '/api/orders/export?from=2026-01-01&to=2026-03-31&status=delivered',
    ]);
    expect(downloads?.saved[0]?.name).toBe('orders.csv');
  });

  it('refuses a range that ends before it starts, with the server’s words, asking nothing', async () => {
    const { calls } = fakeApi('clerk', () => undefined);
    renderWithApp(<OrderExportControls />);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'from must not be after to' }));
    expect(exports(calls)).toEqual([]);
  });
});
