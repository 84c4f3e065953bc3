import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertAutoHideMs, hideAlert } from '../../lib/alerts';
import { showDeletedAlert } from '../../lib/undo-delete';
import { jsonResponse, renderWithApp } from '../../testing/render';
import AlertSnackbar from './alert-snackbar';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  act(() => hideAlert());
});

const alertText = () => screen.getByTestId('app-alert').textContent;

describe('the delete alert’s UNDO (api.md §12)', () => {
  it('shows the delete’s own words with UNDO; UNDO restores, refreshes and says so', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'p1', _id: 'p1', name: 'Kite' }));
    const refresh = vi.fn(async () => undefined);
    renderWithApp(<AlertSnackbar />);
    act(() => showDeletedAlert('Product Deleted!', 'trash-1', true, refresh));
    expect(alertText()).toContain('Product Deleted!');

    fireEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    await waitFor(() => expect(alertText()).toContain('Restored'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/trash/trash-1/restore');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'UNDO' })).toBeNull();
  });

  it('shows the server’s refusal when the restore fails, and refreshes nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { error: true, msg: '"8GB" already exists' }));
    const refresh = vi.fn(async () => undefined);
    renderWithApp(<AlertSnackbar />);
    act(() => showDeletedAlert('Item Deleted!', 'trash-2', true, refresh));
    fireEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    await waitFor(() => expect(alertText()).toContain('"8GB" already exists'));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('offers no UNDO to a role that may not restore, and keeps the words', () => {
    renderWithApp(<AlertSnackbar />);
    act(() => showDeletedAlert('Category Deleted!', 'trash-3', false, async () => undefined));
    expect(alertText()).toContain('Category Deleted!');
    expect(screen.queryByRole('button', { name: 'UNDO' })).toBeNull();
  });

  it('takes UNDO away with the alert after its 6 seconds', () => {
    vi.useFakeTimers();
    try {
      renderWithApp(<AlertSnackbar />);
      act(() => showDeletedAlert('Banner Deleted!', 'trash-4', true, async () => undefined));
      expect(screen.getByRole('button', { name: 'UNDO' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(alertAutoHideMs - 500));
      expect(screen.getByRole('button', { name: 'UNDO' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1000));
      // The snackbar's closing transition runs on timers too.
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('button', { name: 'UNDO' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
