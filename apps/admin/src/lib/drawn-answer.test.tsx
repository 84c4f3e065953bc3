import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnAnswer } from './drawn-answer';

/** Every value the hook gave, render by render, as the answer changes. */
function follow() {
  const seen: (string | undefined)[] = [];
  const hook = renderHook(
    ({ answer }: { answer: string | undefined }) => {
      const drawn = useDrawnAnswer(answer);
      seen.push(drawn);
      return drawn;
    },
    { initialProps: { answer: undefined as string | undefined } },
  );
  return { seen, answer: (answer: string | undefined) => hook.rerender({ answer }) };
}

describe('useDrawnAnswer', () => {
  it('draws the first answer in a deferred render: the render that receives it still shows loading', () => {
    const { seen, answer } = follow();
    seen.length = 0;
    answer('page 1');
    expect(seen).toEqual([undefined, 'page 1']);
  });

  it('draws a later answer in the render that receives it (a page turned)', () => {
    const { seen, answer } = follow();
    answer('page 1');
    seen.length = 0;
    answer('page 2');
    expect(seen[0]).toBe('page 2');
    expect(new Set(seen)).toEqual(new Set(['page 2']));
  });

  it('shows loading at once when the answer goes (a new search), and defers the next first answer again', () => {
    const { seen, answer } = follow();
    answer('page 1');
    seen.length = 0;
    answer(undefined);
    expect(new Set(seen)).toEqual(new Set([undefined]));
    seen.length = 0;
    answer('results');
    expect(seen).toEqual([undefined, 'results']);
  });
});
