import '../../../testing/setup-dom';
import type { ActivityChanges, ActivityEntry } from '@shopdesk/contract';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { api } from '../../../lib/api-client';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { formatWhen } from './activity-format';
import { HistoryPanel } from './history-panel';

const at = '2025-03-04T10:05:06.000Z';
const entry = (id: string, fields: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at,
  actor: { id: 'u1', name: 'Asha Verma', email: 'asha@shop.test' },
  action: 'update',
  entity: 'category',
  entityId: 'c1',
  entityName: 'Phones',
  changes: { color: ['#111111', '#222222'] },
  requestId: `r-${id}`,
  ip: '127.0.0.1',
  ...fields,
});

/** The history requests made, as URLs; `answer` gives each its response. */
let calls: URL[] = [];
function serve(answer: (url: URL) => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://shop.test');
      calls.push(url);
      return answer(url);
    }),
  );
}
const page = (entries: ActivityEntry[], nextCursor: string | null = null) => jsonResponse(200, { entries, nextCursor });
/** The entries: the items of the panel's own list (each holds a list of its changes). */
const items = () => {
  const entries = within(screen.getByRole('region', { name: 'History' })).getAllByRole('list')[0]!;
  return within(entries)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === entries);
};

/** A save through the dashboard's mutations (here: a category rename). */
function SaveButton() {
  const save = useMutation({ mutationFn: () => api.put('/api/category/c1', { name: 'Mobiles' }) });
  return (
    <button type="button" onClick={() => save.mutate()}>
      Save
    </button>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('HistoryPanel', () => {
  it('lists the record’s entries compactly: when · who · action, then the changes', async () => {
    serve(() =>
      page([
        entry('e2', { changes: { color: ['#111111', '#222222'], images: [['a.png'], []] } }),
        entry('e1', { action: 'create', actor: null, changes: {} }),
      ]),
    );
    renderWithApp(<HistoryPanel entity="category" entityId="c 1" />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(calls[0]!.pathname).toBe('/api/activity/category/c%201');
    expect(calls[0]!.searchParams.get('limit')).toBe('10');
    const [newest, oldest] = items();
    expect(newest!.textContent).toContain(`${formatWhen(at)} · Asha Verma · update`);
    expect(within(newest!).getByText('color: #111111 → #222222')).toBeTruthy();
    expect(within(newest!).getByText('images: ["a.png"] → (empty)')).toBeTruthy();
    expect(oldest!.textContent).toBe(`${formatWhen(at)} · Unknown · create`);
  });

  it('shows a changed secret as the server hides it', async () => {
    serve(() => page([entry('e1', { entity: 'user', changes: { passwordHash: ['[hidden]', '[hidden]'] } })]));
    renderWithApp(<HistoryPanel entity="user" entityId="u1" />);
    expect(await screen.findByText('passwordHash: [hidden] → [hidden]')).toBeTruthy();
  });

  it('leaves out fields empty on both sides, and folds a long creation after four lines', async () => {
    const created: ActivityChanges = {
      name: [null, 'Phones'],
      slug: [null, 'phones'],
      subCat: [null, ''],
      productRam: [[], []],
    };
    const more: ActivityChanges = {
      color: [null, '#1565c0'],
      images: [null, ['a.png']],
      parentId: [null, 'c0'],
      isFeatured: [null, 1],
    };
    serve(() => page([entry('e1', { action: 'create', changes: { ...created, ...more } })]));
    renderWithApp(<HistoryPanel entity="category" entityId="c1" />);
    const changes = await screen.findByRole('list', { name: 'Changes' });
    const lines = () =>
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(lines()).toEqual([
      'name: (empty) → Phones',
      'slug: (empty) → phones',
      'color: (empty) → #1565c0',
      'images: (empty) → ["a.png"]',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 6 changes' }));
    expect(lines()).toHaveLength(6);
    expect(lines().at(-1)).toBe('isFeatured: (empty) → 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(lines()).toHaveLength(4);
  });

  it('loads older entries by cursor with "Load more"', async () => {
    serve((url) => (url.searchParams.get('cursor') === 'c1' ? page([entry('e1')]) : page([entry('e2')], 'c1')));
    renderWithApp(<HistoryPanel entity="order" entityId="o1" />);
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(calls.at(-1)!.pathname).toBe('/api/activity/order/o1');
    expect(calls.at(-1)!.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says "No history yet" for a record without entries', async () => {
    serve(() => page([]));
    renderWithApp(<HistoryPanel entity="product" entityId="p1" />);
    expect(await screen.findByText('No history yet')).toBeTruthy();
  });

  it("shows the server's words when the history cannot be read", async () => {
    serve(() => jsonResponse(400, { error: true, msg: 'entity must be one of: product, category' }));
    renderWithApp(<HistoryPanel entity="product" entityId="p1" />);
    expect(await screen.findByText('entity must be one of: product, category')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('re-reads after a save made through the dashboard (any successful mutation)', async () => {
    let saved = false;
    serve((url) => {
      if (url.pathname === '/api/category/c1') {
        saved = true;
        return jsonResponse(200, { id: 'c1' });
      }
      return page(saved ? [entry('e2', { changes: { name: ['Phones', 'Mobiles'] } }), entry('e1')] : [entry('e1')]);
    });
    // The dashboard's own query client, whose mutation cache does the invalidating.
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HistoryPanel entity="category" entityId="c1" />
          <SaveButton />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByText('name: Phones → Mobiles')).toBeTruthy();
  });
});
