import { type ActivityEntry, builtInRoles, type StaffMember } from '@shopdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayBounds } from '../../features/activity/components/use-activity-filters';
import { formatDateTime } from '../../lib/format';
import { clearSession, markLoggedIn, saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../testing/render';
import ActivityListScreen from './activity-list';

const asha = { id: 'u1', name: 'Asha Verma', email: 'asha@shop.test' };
const ravi = { id: 'u2', name: 'Ravi Kumar', email: 'ravi@shop.test' };

function entry(id: string, fields: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    at: '2025-03-04T10:05:06.000Z',
    actor: asha,
    action: 'update',
    entity: 'product',
    entityId: 'p1',
    entityName: 'Galaxy Phone',
    changes: { price: [100, 120] },
    requestId: `r-${id}`,
    ip: '127.0.0.1',
    ...fields,
  };
}

const member = (person: typeof asha, invited = false) =>
  ({
    ...person,
    _id: person.id,
    role: 'owner',
    active: !invited,
    invited,
    twoFactor: false,
    lastSeenAt: null,
  }) as StaffMember;

/** The activity requests the screen made, as URLs (path + query). */
let activityCalls: URL[] = [];

/**
 * Signed in with `permissions`; GET /api/activity answers `answer(url)`, GET /api/staff the
 * two people and one pending invitation.
 */
function serve(permissions: readonly string[], answer: (url: URL) => Response) {
  activityCalls = [];
  saveSession('token-1', { name: 'Asha', email: asha.email, userId: 'u1', isAdmin: true }, [...permissions]);
  markLoggedIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://shop.test');
      if (url.pathname === '/api/user/u1') return jsonResponse(200, { ...asha, _id: 'u1', permissions });
      if (url.pathname === '/api/staff') {
        return jsonResponse(200, [member(asha), member(ravi), member({ id: 'i1', name: 'New', email: 'n@x.y' }, true)]);
      }
      if (url.pathname === '/api/activity') {
        activityCalls.push(url);
        return answer(url);
      }
      return jsonResponse(404, { error: true, msg: 'not found' });
    }),
  );
}

const page = (entries: ActivityEntry[], nextCursor: string | null = null) => jsonResponse(200, { entries, nextCursor });
const lastCall = () => activityCalls.at(-1)!;
const rows = () =>
  within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1);

/** Shows the address bar's query, to see the filters kept in the URL. */
function AddressBar() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('Activity screen', () => {
  it('lists entries newest first: local time, who, action, the record linked, "field: before → after"', async () => {
    serve(builtInRoles.owner, () =>
      page([
        entry('e2', {
          at: '2025-03-04T11:00:00.000Z',
          entity: 'category',
          entityId: 'c1',
          entityName: 'Phones',
          action: 'create',
          changes: { name: [null, 'Phones'] },
        }),
        entry('e1', {
          actor: null,
          action: 'signin_failed',
          entity: 'user',
          entityId: 'x',
          entityName: 'who@x.y',
          changes: {},
        }),
        entry('e0'),
      ]),
    );
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    await screen.findByRole('table', { name: 'Activity' });
    const [first, second, third] = rows();
    // Every table writes a moment one way: the day, then the local time.
    expect(first!.textContent).toContain(formatDateTime('2025-03-04T11:00:00.000Z'));
    expect(first!.textContent).toMatch(/^2025-03-0[345] \d\d:\d\d/);
    expect(first!.textContent).toContain('Asha Verma');
    expect(first!.textContent).toContain('asha@shop.test');
    expect(within(first!).getByRole('link', { name: 'Phones' }).getAttribute('href')).toBe('/category/edit/c1');
    expect(within(first!).getByText('name: (empty) → Phones')).toBeTruthy();
    expect(within(second!).getByText('Unknown')).toBeTruthy();
    expect(within(second!).getByText('signin_failed')).toBeTruthy();
    // A user record has no screen here: its name, unlinked.
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(within(third!).getByRole('link', { name: 'Galaxy Phone' }).getAttribute('href')).toBe('/product/details/p1');
    expect(within(third!).getByText('price: 100 → 120')).toBeTruthy();
    expect(lastCall().search).toBe('');
  });

  it("links an order's entry to the order's page", async () => {
    serve(builtInRoles.owner, () =>
      page([entry('e1', { entity: 'order', entityId: 'o 7', entityName: 'Customer 7', changes: {} })]),
    );
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    await screen.findByRole('table', { name: 'Activity' });
    const [row] = rows();
    expect(within(row!).getByRole('link', { name: 'Customer 7' }).getAttribute('href')).toBe('/orders/o%207');
  });

  it('sends the filters in the URL, and keeps a changed filter in the URL', async () => {
    serve(builtInRoles.owner, () => page([entry('e1')]));
    renderWithApp(
      <>
        <ActivityListScreen />
        <AddressBar />
      </>,
      { path: '/settings/activity?action=update&entity=product&entityId=p1&from=2025-03-01&to=2025-03-04&actor=u2' },
    );
    await screen.findByRole('table', { name: 'Activity' });
    const query = lastCall().searchParams;
    expect(query.get('action')).toBe('update');
    expect(query.get('entity')).toBe('product');
    expect(query.get('entityId')).toBe('p1');
    expect(query.get('actor')).toBe('u2');
    // The days are the browser's: from its first moment of the 1st to the last of the 4th.
    expect(query.get('from')).toBe(new Date(2025, 2, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2025, 2, 4, 23, 59, 59, 999).toISOString());
    expect(query.get('to')).toBe(dayBounds('2025-03-04', 'end'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'delete' }));
    await waitFor(() => expect(lastCall().searchParams.get('action')).toBe('delete'));
    expect(lastCall().searchParams.get('entityId')).toBe('p1');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      '?action=delete&entity=product&entityId=p1&from=2025-03-01&to=2025-03-04&actor=u2',
    );
  });

  it('picks "who" from the staff (no pending invitations) for a role that may list them', async () => {
    serve(builtInRoles.owner, () => page([entry('e1')]));
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    await screen.findByRole('table', { name: 'Activity' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Who' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Anyone', 'Asha Verma (asha@shop.test)', 'Ravi Kumar (ravi@shop.test)']);
    fireEvent.click(screen.getByRole('option', { name: 'Ravi Kumar (ravi@shop.test)' }));
    await waitFor(() => expect(lastCall().searchParams.get('actor')).toBe('u2'));
  });

  it('takes an account id typed in instead, without staff:manage; applied on Enter', async () => {
    serve(['audit:read'], () => page([entry('e1')]));
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.queryByRole('combobox', { name: 'Who' })).toBeNull();
    const who = screen.getByRole('textbox', { name: 'Who (account id)' });
    fireEvent.change(who, { target: { value: 'u2' } });
    // Not on every key: only once applied.
    expect(lastCall().searchParams.get('actor')).toBeNull();
    fireEvent.submit(who.closest('form')!);
    await waitFor(() => expect(lastCall().searchParams.get('actor')).toBe('u2'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastCall().search).toBe(''));
    expect((screen.getByRole('textbox', { name: 'Who (account id)' }) as HTMLInputElement).value).toBe('');
  });

  it('loads older pages by cursor: with "Load more", and when the end of the list scrolls into view', async () => {
    let onSeen: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          onSeen = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    serve(builtInRoles.owner, (url) => {
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return page([entry('e5'), entry('e4')], 'c1');
      if (cursor === 'c1') return page([entry('e3'), entry('e2')], 'c2');
      return page([entry('e1')]);
    });
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity?action=update' });
    await screen.findByRole('table', { name: 'Activity' });
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lastCall().searchParams.get('cursor')).toBe('c1');
    expect(lastCall().searchParams.get('action')).toBe('update');

    // The sentinel seen: the last page, and then no more button.
    onSeen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(lastCall().searchParams.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says "No activity yet" for an empty log, "No activity matches these filters" when filtered', async () => {
    serve(builtInRoles.owner, () => page([]));
    const first = renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    first.unmount();
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity?action=purge' });
    expect(await screen.findByText('No activity matches these filters')).toBeTruthy();
  });

  it("shows the server's words when the log cannot be read, and tries again on request", async () => {
    let isDown = true;
    serve(builtInRoles.owner, () =>
      isDown ? jsonResponse(400, { error: true, msg: 'cursor is not one this server gave' }) : page([entry('e1')]),
    );
    renderWithApp(<ActivityListScreen />, { path: '/settings/activity' });
    expect(await screen.findByText('cursor is not one this server gave')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeTruthy();
  });
});
