import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../lib/alerts';
import { jsonResponse } from '../../testing/render';
import { ImageUploader } from './image-uploader';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function pick(files: File[]) {
  const input = screen.getByLabelText('Upload images') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

describe('ImageUploader', () => {
  it('refuses a file of another type before any upload', () => {
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const onChange = vi.fn();
    render(<ImageUploader family="/api/user" value={[]} onChange={onChange} />);
    pick([file('photo.png'), file('notes.gif', 'image/gif')]);
    expect(alertStore.get()).toMatchObject({
      open: true,
      kind: 'error',
      msg: 'Please select a valid JPG or PNG image file.',
    });
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('honours a narrower type list (category edit: no webp)', () => {
    render(
      <ImageUploader family="/api/category" acceptedTypes={['jpeg', 'jpg', 'png']} value={[]} onChange={vi.fn()} />,
    );
    pick([file('a.webp', 'image/webp')]);
    expect(alertStore.get().msg).toBe('Please select a valid JPG or PNG image file.');
  });

  it('shows small thumbnails and deletes an image through its family', async () => {
    const url = 'http://127.0.0.1:8080/uploads/abc.jpg';
    fetchMock.mockResolvedValue(jsonResponse(200, { error: false, msg: 'Image Deleted!' }));
    const onChange = vi.fn();
    render(<ImageUploader family="/api/banners" value={[url, 'http://x/uploads/b.png']} onChange={onChange} />);
    expect(screen.getByAltText('Image 1').getAttribute('src')).toBe('http://127.0.0.1:8080/uploads/abc.small.webp');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/banners/deleteImage?img=${encodeURIComponent(url)}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(onChange).toHaveBeenCalledWith(['http://x/uploads/b.png']);
    expect(alertStore.get()).toMatchObject({ kind: 'success', msg: 'Image Deleted!' });
  });
});
