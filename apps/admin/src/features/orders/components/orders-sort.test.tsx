import type { Order } from '@shopdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { AddressProbe } from '../../../testing/address-probe';
import { type Call, fakeApi } from '../../../testing/fake-api';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { OrdersList } from './orders-list';

const order = (id: string, amount: number) =>
  ({
    _id: id,
    id,
    paymentId: `pay_${id}`,
    name: 'Ravi',
    phoneNumber: '5550123',
    address: '1 Main St',
    pincode: '560001',
    amount,
    email: 'ravi@shop.test',
    userid: 'c1',
    userId: 'c1',
    status: 'pending',
    date: '2025-03-04T10:00:00.000Z',
    products: [],
  }) as unknown as Order;

const answer = (call: Call) =>
  call.path.startsWith('/api/orders?')
    ? jsonResponse(200, {
        orders: [order('o1', 100), order('o2', 300)],
        totalPages: 2,
        page: 1,
        perPage: 10,
        totalCount: 12,
      })
    : undefined;
const reads = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/orders?')).map((c) => c.path);
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const firstCells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const heading = (name: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .find((cell) => cell.textContent === name) as HTMLElement;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('Orders List: sortable date, amount and status', () => {
  it('sorts by a heading, keeps the sort in the URL and shows the rows in the order asked', async () => {
    const { calls } = fakeApi('owner', answer);
    renderWithApp(
      <>
        <OrdersList />
        <AddressProbe />
      </>,
      { path: '/orders?page=2&perPage=10' },
    );
    await screen.findByRole('table');
    // No sort: the spec's reversed page, no heading marked.
    expect(firstCells()).toEqual(['o2', 'o1']);
    expect(heading('Total Amount').hasAttribute('aria-sort')).toBe(false);
    expect(within(screen.getByRole('table')).queryByRole('button', { name: 'Name' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Total Amount' }));
    await waitFor(() => expect(address()).toBe('/orders?perPage=10&sort=amount&order=asc'));
    await waitFor(() => expect(reads(calls)).toContain('/api/orders?page=1&perPage=10&sort=amount&order=asc'));
    expect(heading('Total Amount').getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(firstCells()).toEqual(['o1', 'o2']));

    fireEvent.click(screen.getByRole('button', { name: 'Total Amount' }));
    await waitFor(() => expect(address()).toBe('/orders?perPage=10&sort=amount&order=desc'));
    expect(heading('Total Amount').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: 'Date Created' }));
    await waitFor(() => expect(address()).toBe('/orders?perPage=10&sort=date&order=asc'));
    expect(heading('Total Amount').hasAttribute('aria-sort')).toBe(false);
    expect(heading('Date Created').getAttribute('aria-sort')).toBe('ascending');

    // Paging keeps the sort.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(reads(calls)).toContain('/api/orders?page=2&perPage=10&sort=date&order=asc'));
    expect(address()).toBe('/orders?perPage=10&sort=date&order=asc&page=2');

    // Back through the sorts.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(address()).toBe('/orders?perPage=10&sort=amount&order=desc'));
    expect(heading('Total Amount').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Order Status' }));
    await waitFor(() => expect(address()).toBe('/orders?perPage=10&sort=status&order=asc'));
  });
});
