import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLatestQuery } from './latest-query';
import { sortAfterClick, withHeadingClicked } from './sort-params';

const keys = ['price', 'name'] as const;

/** A list screen's heading clicks, and the address they leave. */
function Headings() {
  const [, change] = useLatestQuery();
  const location = useLocation();
  const click = (key: (typeof keys)[number]) => change((current) => withHeadingClicked(current, keys, key));
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <button type="button" onClick={() => click('price')}>
        PRICE
      </button>
      {/* Two clicks before the screen is drawn again (a navigation still pending). */}
      <button
        type="button"
        onClick={() => {
          click('price');
          click('price');
        }}
      >
        PRICE twice
      </button>
    </>
  );
}

describe('useLatestQuery: changes to the address build on the one asked for before', () => {
  it('a second click on a heading before the first is drawn sorts the other way, not ascending again', () => {
    render(
      <MemoryRouter initialEntries={['/products?catId=c1&page=3']}>
        <Headings />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'PRICE twice' }).click());
    // Back on page 1, the category kept, sorted by price highest first.
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?catId=c1&sort=price&order=desc');
    act(() => screen.getByRole('button', { name: /^PRICE$/ }).click());
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('?catId=c1&sort=price&order=asc');
  });

  it('a click on another heading sorts by it ascending', () => {
    expect(sortAfterClick({ sort: 'price', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(sortAfterClick({ sort: 'price', order: 'desc' }, 'price')).toEqual({ sort: 'price', order: 'asc' });
    expect(sortAfterClick(undefined, 'price')).toEqual({ sort: 'price', order: 'asc' });
  });
});
