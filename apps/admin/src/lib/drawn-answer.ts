import { useDeferredValue } from 'react';

/**
 * A query's answer as a list draws it: the first answer through React's deferred rendering,
 * later ones (a page turned, a re-read) at once; `undefined` (loading) until the first is drawn.
 *
 * TanStack Query hands an answer to React through `useSyncExternalStore`, which renders in one
 * task: a first page of rows (25 orders, each with MUI's Select, Button and Link) held a phone's
 * main thread for ~800 ms at Lighthouse's 4× slowdown, and its input waited. The deferred render
 * is a transition, which React renders in slices of ~5 ms. A page turned after that is drawn in
 * the click's own task, as the product table's paging wants (product-table.tsx: the rows
 * already there are updated; deferring it too made a click ~100 ms slower to show the new rows).
 */
export function useDrawnAnswer<T>(answer: T | undefined): T | undefined {
  const drawn = useDeferredValue(answer);
  return drawn === undefined ? undefined : answer;
}
