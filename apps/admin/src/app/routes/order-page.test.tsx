import { messages, type Order, type OrderTimelineEntry, orderPageMessages } from '@shopdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AlertSnackbar from '../../components/ui/alert-snackbar';
import { hideAlert } from '../../lib/alerts';
import { clearSession, markLoggedIn, saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../testing/render';
import OrderPageScreen from './order-page';

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
  products: [
    {
      productId: 'p1',
      productTitle: 'Galaxy Phone',
      image: '/uploads/products/a.webp',
      quantity: 2,
      price: 120,
      subTotal: 240,
    },
  ],
} satisfies Order;

const asha = { id: 'u1', name: 'Asha Verma', email: 'asha@shop.test' };
const placed: OrderTimelineEntry = {
  at: '2025-03-04T10:00:00.000Z',
  kind: 'created',
  actor: null,
  text: orderPageMessages.placed,
  from: null,
  to: null,
};
const confirmed: OrderTimelineEntry = {
  at: '2025-03-04T11:00:00.000Z',
  kind: 'status',
  actor: asha,
  text: 'Status: pending → confirm',
  from: 'pending',
  to: 'confirm',
};

type Call = { path: string; method: string; headers: Record<string, string>; body: unknown };

/**
 * A small server: the order (with an ETag that changes when it does), its timeline and notes.
 * `answer` may override any call.
 */
function serve(answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const state = { order: { ...order } as Order, version: 1, timeline: [placed, confirmed] };
  const fetchStub = vi.fn(async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      path: input,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const special = answer(call);
    if (special) return special;
    if (input === '/api/user/u1') return jsonResponse(200, { id: 'u1', permissions: ['orders:write'] });
    if (input === '/api/orders/o1' && call.method === 'GET') {
      const response = jsonResponse(200, state.order);
      response.headers.set('etag', `"v${state.version}"`);
      return response;
    }
    if (input === '/api/orders/o1' && call.method === 'PUT') {
      state.order = { ...state.order, status: (call.body as Order).status };
      state.version += 1;
      return jsonResponse(200, state.order);
    }
    if (input === '/api/orders/o1/timeline') return jsonResponse(200, state.timeline);
    if (input === '/api/orders/o1/notes') {
      const note = { at: '2025-03-05T09:00:00.000Z', kind: 'note', actor: asha, text: '', from: null, to: null };
      const entry = { ...note, text: (call.body as { text: string }).text } as OrderTimelineEntry;
      state.timeline = [...state.timeline, entry];
      return jsonResponse(201, entry);
    }
    return jsonResponse(404, { error: true, msg: 'not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, state };
}

function signIn(permissions: string[]) {
  saveSession('token-1', { name: 'Asha', email: 'asha@shop.test', userId: 'u1', isAdmin: true }, permissions);
  markLoggedIn();
}

function renderPage(id = 'o1') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="orders/:id" element={<OrderPageScreen />} />
      </Routes>
      <AlertSnackbar />
    </>,
    { path: `/orders/${id}` },
  );
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const statusSelect = () => screen.getByRole('combobox', { name: 'Order status of o1' });

beforeEach(() => signIn(['orders:write']));
afterEach(() => {
  hideAlert();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Order page', () => {
  it('shows the order’s fields, products, timeline and the breadcrumb', async () => {
    serve();
    renderPage();
    expect(screen.getByText('Loading order...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Order Details' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(within(crumbs).getByText('o1').getAttribute('aria-current')).toBe('page');
    expect(field('Paymant Id')).toBe('pay_1');
    expect(field('Phone Number')).toBe('5550123');
    expect(field('Total Amount')).toBe('Rs 240');
    expect(field('Date Created')).toBe('2025-03-04');
    // No invoice yet: no number shown.
    expect(screen.queryByText('Invoice Number', { selector: 'dt' })).toBeNull();
    const products = screen.getByRole('region', { name: 'Products of the order' });
    const line = within(products).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Galaxy Phone', '2', 'Rs 120', 'Rs 240']);
    expect(within(line).getByRole('img', { name: 'Galaxy Phone' }).getAttribute('src')).toMatch(/\.small\.webp$/);
    const timeline = await screen.findByRole('list', { name: 'Timeline entries' });
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/Unknown · Created.*Order placed/);
    expect(items[1]).toMatch(/Asha Verma · Status changed.*Status: pending → confirm/);
    expect(screen.getByText('No notes yet')).toBeTruthy();
  });

  it('shows the invoice number once the order has one', async () => {
    serve((call) => (call.path === '/api/orders/o1' ? jsonResponse(200, { ...order, invoiceNumber: 17 }) : undefined));
    renderPage();
    await screen.findByRole('heading', { name: 'Order Details' });
    expect(field('Invoice Number')).toBe('17');
  });

  it('says so when the order is not there', async () => {
    serve((call) =>
      call.path === '/api/orders/zz' ? jsonResponse(404, { error: true, msg: 'Order not found' }) : undefined,
    );
    renderPage('zz');
    expect(await screen.findByText('This order is not there: it may have been deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Orders List' }).getAttribute('href')).toBe('/orders');
  });

  it('changes the status with If-Match, and the timeline is read again', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Order Details' });
    fireEvent.mouseDown(statusSelect());
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'delivered' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT') as Call;
    expect(put.headers['If-Match']).toBe('"v1"');
    expect((put.body as Order).status).toBe('delivered');
    expect((put.body as Order).name).toBe('Ravi');
    await waitFor(() => expect(statusSelect().textContent).toBe('delivered'));
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/timeline')).length).toBe(2));
  });

  it('shows the 409 words with Reload when someone else changed the order', async () => {
    let stale = true;
    serve((call) =>
      call.method === 'PUT' && stale ? jsonResponse(409, { error: true, msg: messages.recordChanged }) : undefined,
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Order Details' });
    fireEvent.mouseDown(statusSelect());
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'confirm' }));
    const alert = await screen.findByText(messages.recordChanged);
    expect(statusSelect().getAttribute('aria-disabled')).toBe('true');
    // The value on screen stays the server's, not the refused choice.
    expect(statusSelect().textContent).toBe('pending');
    stale = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(messages.recordChanged)).toBeNull());
    await waitFor(() => expect(statusSelect().getAttribute('aria-disabled')).toBeNull());
  });

  it('adds a note: blank is refused in the contract’s words, a note appears in the timeline', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByRole('list', { name: 'Timeline entries' });
    const form = screen.getByRole('form', { name: 'Add note' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe(orderPageMessages.noteText);
    expect(calls.some((call) => call.path.endsWith('/notes'))).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(orderPageMessages.noteTooLong));

    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Customer asked to ring first' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    const timeline = screen.getByRole('list', { name: 'Timeline entries' });
    await waitFor(() =>
      expect(within(timeline).getAllByRole('listitem').at(-1)?.textContent).toMatch(
        /Asha Verma · Note.*Customer asked to ring first/,
      ),
    );
    expect(calls.find((call) => call.path.endsWith('/notes'))?.body).toEqual({ text: 'Customer asked to ring first' });
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('No notes yet')).toBeNull();
  });

  it('shows the server’s refusal of a note in the red alert', async () => {
    serve((call) =>
      call.path.endsWith('/notes')
        ? jsonResponse(403, { error: true, msg: 'You do not have permission to do this' })
        : undefined,
    );
    renderPage();
    await screen.findByRole('list', { name: 'Timeline entries' });
    const form = screen.getByRole('form', { name: 'Add note' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), { target: { value: 'Hello' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
  });

  it('downloads the invoice with the bearer token, named as the server names it', async () => {
    const saved: { name: string; type: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:${blob.type}`, revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
    const { calls } = serve((call) =>
      call.path === '/api/orders/o1/invoice.pdf'
        ? // Bytes, not a jsdom Blob: Node 22's fetch Response cannot read a Blob of jsdom's.
          new Response(new TextEncoder().encode('%PDF-1.7'), {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'X-Invoice-Number': '42',
              'Content-Disposition': 'attachment; filename="invoice-42.pdf"',
            },
          })
        : undefined,
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Order Details' });
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText('Invoice 42 downloaded (invoice-42.pdf)')).toBeTruthy();
    expect(saved).toEqual([{ name: 'invoice-42.pdf', type: 'blob:application/pdf' }]);
    const request = calls.find((call) => call.path.endsWith('invoice.pdf')) as Call;
    expect(request.headers.Authorization).toBe('Bearer token-1');
  });

  it('keeps the controls disabled for a role without orders:write', async () => {
    signIn([]);
    serve((call) => (call.path === '/api/user/u1' ? jsonResponse(200, { id: 'u1', permissions: [] }) : undefined));
    renderPage();
    await screen.findByRole('list', { name: 'Timeline entries' });
    expect(statusSelect().getAttribute('aria-disabled')).toBe('true');
    const form = screen.getByRole('form', { name: 'Add note' });
    expect((within(form).getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).disabled).toBe(true);
    // Reading is for everyone: the invoice too.
    expect((screen.getByRole('button', { name: 'Download invoice' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
