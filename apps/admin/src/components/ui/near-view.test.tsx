import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NearView } from './near-view';

/** jsdom has no IntersectionObserver: a stand-in that the test drives, as the browser would. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser reports the observed place as within (or not within) the margin. */
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('NearView', () => {
  it('holds a place of the given height until it comes within a screen of the view, then draws and keeps its children', () => {
    const { container } = render(
      <NearView minHeight={600}>
        <p>product table</p>
      </NearView>,
    );
    expect(screen.queryByText('product table')).toBeNull();
    const [observer] = FakeObserver.all;
    if (!observer) throw new Error('no observer');
    expect(observer.options?.rootMargin).toBe('100% 0px');
    expect(getComputedStyle(container.firstElementChild as Element).minHeight).toBe('600px');

    observer.report(false);
    expect(screen.queryByText('product table')).toBeNull();

    observer.report(true);
    expect(screen.getByText('product table')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
    // Drawn once, it stays: no observer watches a place any more.
    expect(FakeObserver.all.filter((o) => !o.disconnected)).toHaveLength(0);
  });
});
