import type { ActivityEntry, Order } from '@shopdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../testing/render';
import OrderListScreen from './order-list';

const order = {
  _id: 'o1',
  id: 'o1',
  paymentId: 'pay_1',
  name: 'Ravi',
  phoneNumber: '5550123',
  address: '1 Main St',
  pincode: '560001',
  amount: 240,
  email: 'ravi@shop.test',
  userid: 'c1',
  userId: 'c1',
  status: 'pending',
  date: '2025-03-04T10:00:00.000Z',
  products: [{ productId: 'p1', productTitle: 'Galaxy Phone', image: '', quantity: 2, price: 120, subTotal: 240 }],
} as unknown as Order;

const statusChange: ActivityEntry = {
  id: 'e1',
  at: '2025-03-04T11:00:00.000Z',
  actor: { id: 'u1', name: 'Asha Verma', email: 'asha@shop.test' },
  action: 'status',
  entity: 'order',
  entityId: 'o1',
  entityName: 'o1',
  changes: { status: ['pending', 'confirm'] },
  requestId: 'r1',
  ip: '127.0.0.1',
};

afterEach(() => vi.unstubAllGlobals());

/** `fetch` answered by `answer`; answers the paths it was asked, in order. */
function stubFetch(answer: (input: string) => Response): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      return answer(input);
    }),
  );
  return asked;
}

/** `GET /api/orders`'s answer: one page of 10 holding `orders`. */
const pageOf = (orders: Order[]) =>
  jsonResponse(200, { orders, totalPages: orders.length ? 1 : 0, page: 1, perPage: 10, totalCount: orders.length });

describe('Orders List: the order’s products dialog', () => {
  it('shows the order’s history under its products table', async () => {
    const asked = stubFetch((input) => {
      if (input.startsWith('/api/orders?')) return pageOf([order]);
      if (input.startsWith('/api/activity/order/o1'))
        return jsonResponse(200, { entries: [statusChange], nextCursor: null });
      return jsonResponse(404, { error: true, msg: 'not found' });
    });
    renderWithApp(<OrderListScreen />, { path: '/orders' });
    const open = await screen.findByRole('button', { name: 'Click here to view the products of order o1' });
    // Closed, the dialog asks for nothing.
    expect(asked.some((path) => path.startsWith('/api/activity'))).toBe(false);
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Products of order o1' });
    expect(within(dialog).getByRole('cell', { name: 'Galaxy Phone' })).toBeTruthy();
    const history = within(dialog).getByRole('region', { name: 'History' });
    expect(await within(history).findByText('status: pending → confirm')).toBeTruthy();
  });
});

describe('Orders List: search', () => {
  it('asks the API with q once typing stops, back on page 1; nothing found says so and the box stays', async () => {
    const asked = stubFetch((input) =>
      new URL(input, 'http://shop.test').searchParams.get('q') === 'nobody' ? pageOf([]) : pageOf([order]),
    );
    renderWithApp(<OrderListScreen />, { path: '/orders?page=3&perPage=10' });
    await screen.findByRole('button', { name: 'Click here to view the products of order o1' });
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box.hasAttribute('data-shortcut-search')).toBe(true);

    fireEvent.change(box, { target: { value: '  ravi ' } });
    await vi.waitFor(() => expect(asked.some((path) => path.includes('q=ravi'))).toBe(true));
    const searched = new URL(asked.find((path) => path.includes('q=ravi')) ?? '', 'http://shop.test').searchParams;
    expect(Object.fromEntries(searched)).toEqual({ page: '1', perPage: '10', q: 'ravi' });

    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No orders match your search')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: '' } });
    await screen.findByRole('button', { name: 'Click here to view the products of order o1' });
    expect(asked.at(-1)).toBe('/api/orders?page=1&perPage=10');
  });
});
