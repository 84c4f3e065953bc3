import { messages } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTagged, saveHeld } from '../../lib/held-records';
import { passLiveEvent } from '../../lib/live-events';
import { clearSession } from '../../lib/session';
import { fakeApi } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render';
import { ChangedMeanwhile, namesRecord, useHeldCopy } from './changed-meanwhile';

const path = '/api/products/p1';
type Product = { id: string; name: string };

/** The server's copy of p1 and its tag; a PUT with an older If-Match is refused, as the API does. */
let current: { body: Product; tag: string };
const tagged = (status: number, body: unknown, tag?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...(tag ? { ETag: tag } : {}) },
  });

function serve() {
  current = { body: { id: 'p1', name: 'Steel Pan' }, tag: '"v1"' };
  return fakeApi('owner', (call) => {
    if (call.path !== path) return undefined;
    if (call.method === 'GET') return tagged(200, current.body, current.tag);
    return undefined;
  });
}

/** A PUT as the server answers it: 409 unless If-Match names the current tag. */
function answerPuts(fetchMock: ReturnType<typeof serve>['fetchMock']) {
  const get = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method !== 'PUT') return (get as NonNullable<typeof get>)(input, init);
    const ifMatch = new Headers(init.headers).get('If-Match');
    if (ifMatch && ifMatch !== current.tag) return tagged(409, { error: true, msg: messages.recordChanged });
    current = { body: JSON.parse(String(init.body)) as Product, tag: `"v${Number(current.tag.slice(2, -1)) + 1}"` };
    return tagged(200, current.body, current.tag);
  });
}

/** Someone else's save, made on the server behind the screen's back. */
function changeElsewhere(name: string) {
  current = { body: { ...current.body, name }, tag: `"v${Number(current.tag.slice(2, -1)) + 1}"` };
}

function Editor() {
  const query = useQuery({
    queryKey: ['product', 'p1'],
    queryFn: ({ signal }) => readTagged<Product>(path, signal),
    structuralSharing: false,
  });
  const held = useHeldCopy(path, query.data);
  if (!held.copy) return <p>Loading</p>;
  return (
    <>
      <ChangedMeanwhile
        path={path}
        names={namesRecord('product', 'p1')}
        onReload={() => held.reloadFrom(query.refetch)}
      />
      <p>Form of {held.copy.name}</p>
      <button type="button" onClick={() => void saveHeld(path, { id: 'p1', name: 'Mine' }).catch(() => undefined)}>
        Save
      </button>
    </>
  );
}

const event = (id: string | null, entity = 'product') =>
  passLiveEvent({ type: 'catalogue.changed', data: { entity, id, action: 'update' } });
const warning = () => screen.queryByRole('alert');

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('ChangedMeanwhile', () => {
  it('warns when a live event names the record and its tag moved on; Reload starts the form from the new copy', async () => {
    serve();
    renderWithApp(<Editor />);
    await screen.findByText('Form of Steel Pan');
    event('p2');
    event('p1', 'category');
    // Named, but unchanged (an echo): no warning either.
    event('p1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warning()).toBeNull();

    changeElsewhere('Steel Pan, by Ravi');
    event(null);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.recordChanged);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByText('Form of Steel Pan, by Ravi');
    await waitFor(() => expect(warning()).toBeNull());
  });

  it("saves with If-Match; this tab's own save never warns, a save over a newer version shows the warning", async () => {
    const { fetchMock } = serve();
    answerPuts(fetchMock);
    renderWithApp(<Editor />);
    await screen.findByText('Form of Steel Pan');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The event of this tab's own save, arriving while its answer is on the way.
    event('p1');
    await waitFor(() => expect(current.body.name).toBe('Mine'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(new Headers(put?.[1]?.headers).get('If-Match')).toBe('"v1"');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warning()).toBeNull();

    changeElsewhere('Steel Pan, by Ravi');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.recordChanged);
    expect(current.body.name).toBe('Steel Pan, by Ravi');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByText('Form of Steel Pan, by Ravi');
    await waitFor(() => expect(warning()).toBeNull());
  });
});
