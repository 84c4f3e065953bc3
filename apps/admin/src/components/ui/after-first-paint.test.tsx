import { act } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

let container: HTMLElement;
afterEach(() => container.remove());

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first commit and draws them in the next one', async () => {
    container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <>
          <p>figures</p>
          <AfterFirstPaint>
            <p>table</p>
          </AfterFirstPaint>
        </>,
      ),
    );
    expect(container.textContent).toBe('figures');
    await act(async () => {});
    expect(container.textContent).toBe('figurestable');
    act(() => root.unmount());
  });
});
