import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followAppLink } from './follow-app-link';

function renderLinks(navigate: (path: string) => void) {
  render(
    // biome-ignore lint/a11y/noStaticElementInteractions: the delegated handler under test
    // biome-ignore lint/a11y/useKeyWithClickEvents: links answer Enter with a click themselves
    <div onClick={(event) => followAppLink(event, navigate)}>
      <a href="/product/details/p1?tab=reviews#top">
        <span>Inside the app</span>
      </a>
      <a href="https://example.com/elsewhere">Another site</a>
      <a href="/report.csv" download>
        Download
      </a>
      <a href="/product/edit/p1" target="_blank" rel="noopener">
        New tab
      </a>
      <button type="button">Not a link</button>
    </div>,
  );
}

// Whether the handler took the last click; then the click is stopped, as jsdom cannot navigate.
let taken: boolean | undefined;
const record = (event: Event) => {
  taken = event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => document.addEventListener('click', record));
afterEach(() => {
  document.removeEventListener('click', record);
  taken = undefined;
});

describe('followAppLink', () => {
  it('follows a plain left click on a link to this app inside the app', () => {
    const navigate = vi.fn();
    renderLinks(navigate);
    fireEvent.click(screen.getByText('Inside the app'));
    expect(taken).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/product/details/p1?tab=reviews#top');
  });

  it('leaves modified clicks, other origins, downloads, new tabs and non-links to the browser', () => {
    const navigate = vi.fn();
    renderLinks(navigate);
    const link = screen.getByText('Inside the app');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      fireEvent.click(link, { [modifier]: true });
      expect(taken).toBe(false);
    }
    fireEvent.click(link, { button: 1 });
    expect(taken).toBe(false);
    for (const text of ['Another site', 'Download', 'New tab', 'Not a link']) {
      fireEvent.click(screen.getByText(text));
      expect(taken).toBe(false);
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
