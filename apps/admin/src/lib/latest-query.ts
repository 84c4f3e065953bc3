import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The address's query, and a setter that builds each change on the one asked for before it.
 * React Router draws a navigation in a transition: until the next screen is drawn (its rows
 * fetched), the screen on show, and its click handlers, still hold the last address drawn. A
 * change built on that would undo the one before it: a second click on a column heading sorted
 * ascending again. So the setter keeps the query it last asked for, until a newer one is drawn.
 */
export function useLatestQuery() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (build: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = build(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
