import { useEffect } from 'react';
import { setProgress } from '../lib/progress';

/** While a screen's code loads: the top bar at 40, then 100 (spec §4). */
export function RouteFallback() {
  useEffect(() => {
    setProgress(40);
    return () => setProgress(100);
  }, []);
  return <div role="status" aria-live="polite" style={{ padding: 24 }} aria-label="Loading" />;
}
