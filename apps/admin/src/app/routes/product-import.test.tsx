import { importMessages, type Job } from '@shopdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '../../components/layout/sidebar';
import { RequirePermission } from '../../components/ui/permission-gate';
import { alertStore, hideAlert } from '../../lib/alerts';
import { clearSession } from '../../lib/session';
import { catchDownloads } from '../../testing/downloads';
import { type Call, fakeApi } from '../../testing/fake-api';
import { fakeXhr } from '../../testing/fake-xhr';
import { jsonResponse, renderWithApp } from '../../testing/render';
import { renderRoute } from '../render-route';
import { productsRoutes } from '../route-groups/products';

const importRoute = productsRoutes.find((route) => route.path === '/products/import');

/** The screen as the signed-in route table mounts it: behind its permission gate. */
const showImport = () =>
  renderWithApp(
    <Routes>
      <Route element={<Outlet />}>{importRoute && renderRoute(importRoute, RequirePermission)}</Route>
    </Routes>,
    { path: '/products/import' },
  );

// Written here: a BOM, CRLF, and quoting with a comma, quotes, an apostrophe and a line break.
const catalogue =
  '\ufeffid,name,description,price\r\n' +
  ',"O\'Brien Kite, ""large""","Flies high\nin wind",450\r\n' +
  ',Puzzle,Wooden,abc\r\n' +
  'p9,Yo-yo,,-1\r\n';
const csvFile = (text = catalogue, name = 'catalogue.csv') => new File([text], name, { type: 'text/csv' });

const result = {
  rows: 3,
  created: 1,
  updated: 0,
  unchanged: 0,
  failed: 2,
  errors: [
    { row: 4, column: 'price', msg: 'please enter product price' },
    { row: 5, column: 'price', msg: 'price must be 0 or more' },
  ],
};

const job = (id: string, state: Job['state'], done: number, fields: Partial<Job> = {}): Job => ({
  id,
  kind: 'productImport',
  state,
  progress: { done, total: 3 },
  result: null,
  createdBy: { id: 'u1', name: 'Asha', email: 'asha@shop.test' },
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...fields,
});

/** Each job answers its states one poll at a time, then stays at the last. */
function jobs(states: Record<string, Job[]>) {
  const asked = new Map<string, number>();
  return (call: Call) => {
    const id = /^\/api\/jobs\/(.+)$/.exec(call.path)?.[1];
    const list = id ? states[id] : undefined;
    if (!id || !list) return undefined;
    const count = asked.get(id) ?? 0;
    asked.set(id, count + 1);
    return jsonResponse(200, list[Math.min(count, list.length - 1)]);
  };
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Choose CSV file'), { target: { files: [file] } });

afterEach(() => {
  act(() => hideAlert());
  clearSession();
  vi.unstubAllGlobals();
});

describe('Import Products screen', () => {
  it('starts empty, then shows the file’s first rows as the server will read them', async () => {
    fakeApi('editor', () => undefined);
    showImport();
    // The screen is loaded lazily: the file's first test also waits for its code to be
    // transformed, which takes more than a second on a loaded machine.
    expect(await screen.findByText(importMessages.noFile, {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Dry run' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    choose(csvFile());
    const preview = await screen.findByRole('region', { name: 'First rows of the file' });
    const headings = within(preview)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['id', 'name', 'description', 'price']);
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('O\'Brien Kite, "large"')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByText('Flies high in wind', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
    expect(screen.getByTestId('chosen-file').textContent).toBe('catalogue.csv (1 KB)');
  });

  it('refuses a file that is not CSV, or larger than 50 MB, before sending it', async () => {
    fakeApi('editor', () => undefined);
    const sent = fakeXhr(() => ({ status: 202, body: { jobId: 'j1' } }));
    showImport();
    await screen.findByText(importMessages.noFile);
    choose(new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: importMessages.notCsv });
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    choose(big);
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: importMessages.tooLarge });
    expect(screen.getByText(importMessages.noFile)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('dry-runs with the options, follows the job, shows every error and the report, then imports', async () => {
    const downloads = catchDownloads();
    try {
      fakeApi(
        'editor',
        jobs({
          j1: [job('j1', 'queued', 0), job('j1', 'running', 1), job('j1', 'done', 3, { result })],
          j2: [job('j2', 'done', 3, { result: { ...result, errors: [], failed: 0, created: 3 } })],
        }),
      );
      const sent = fakeXhr((request) => ({
        status: 202,
        body: { jobId: request.url.includes('dryRun=true') ? 'j1' : 'j2' },
      }));
      showImport();
      choose(csvFile());
      fireEvent.click(await screen.findByLabelText('All or nothing (atomic)'));
      fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));

      expect(await screen.findByText('Checking rows: 1 of 3', {}, { timeout: 3000 })).toBeTruthy();
      const section = await screen.findByRole('region', { name: 'Dry run result' }, { timeout: 3000 });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toBe('/api/products/import?dryRun=true&atomic=true&createCategories=false');
      expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
      expect((sent[0]?.body.get('file') as File | null)?.name).toBe('catalogue.csv');
      expect(within(section).getByText('Dry run: nothing was changed')).toBeTruthy();
      expect(within(section).getByTestId('count-failed').textContent).toBe('2');
      const errors = within(section).getByRole('region', { name: 'Errors' });
      expect(
        within(errors)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['RowColumnMessage', '4priceplease enter product price', '5priceprice must be 0 or more']);

      fireEvent.click(within(section).getByRole('button', { name: 'Download error report' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0]?.name).toBe('catalogue-errors.csv');
      expect(await downloads.saved[0]?.text).toBe(
        'row,column,message\n4,price,please enter product price\n5,price,price must be 0 or more\n',
      );

      fireEvent.click(screen.getByRole('button', { name: 'Import' }));
      const applied = await screen.findByRole('region', { name: 'Import result' }, { timeout: 3000 });
      expect(sent[1]?.url).toBe('/api/products/import?dryRun=false&atomic=true&createCategories=false');
      expect(within(applied).getByText('Import finished')).toBeTruthy();
      expect(within(applied).getByTestId('count-created').textContent).toBe('3');
      expect(within(applied).getByText('No errors: every row was imported.')).toBeTruthy();
    } finally {
      downloads.restore();
    }
  });

  it('asks for a new dry run when the options change after one', async () => {
    fakeApi('editor', jobs({ j1: [job('j1', 'done', 3, { result })] }));
    fakeXhr(() => ({ status: 202, body: { jobId: 'j1' } }));
    showImport();
    choose(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    await screen.findByRole('region', { name: 'Dry run result' }, { timeout: 3000 });
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Create missing categories'));
    expect(importButton.disabled).toBe(true);
  });

  it('shows a refused upload and a failed job in the red alert', async () => {
    fakeApi('editor', jobs({ j3: [job('j3', 'failed', 1, { result: { msg: importMessages.atomicFailed } })] }));
    let refuse = true;
    fakeXhr(() =>
      refuse
        ? { status: 400, body: { error: true, msg: importMessages.missingColumn('name') } }
        : { status: 202, body: { jobId: 'j3' } },
    );
    showImport();
    choose(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    await waitFor(() =>
      expect(alertStore.get()).toMatchObject({ kind: 'error', msg: importMessages.missingColumn('name') }),
    );
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(alertStore.get()).toMatchObject({ kind: 'error', msg: importMessages.atomicFailed }), {
      timeout: 3000,
    });
    expect(screen.getByRole('region', { name: 'Dry run' }).textContent).toContain(importMessages.atomicFailed);
  });

  it('is for roles holding import: the sidebar link and the screen', async () => {
    fakeApi('clerk', () => undefined);
    const { unmount } = showImport();
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy();
    unmount();
    const clerkSidebar = renderWithApp(<Sidebar />, { path: '/products' });
    expect(screen.getByRole('link', { name: 'Product List' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Import Products' })).toBeNull();
    clerkSidebar.unmount();
    clearSession();

    fakeApi('editor', () => undefined);
    renderWithApp(<Sidebar />, { path: '/products' });
    expect(screen.getByRole('link', { name: 'Import Products' }).getAttribute('href')).toBe('/products/import');
  });
});
