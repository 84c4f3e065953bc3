import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children once the screen around it has been drawn: in a transition started after
 * the first commit, so they never add to the work before a screen's first paint. For what a
 * screen shows below its first view (the Dashboard's chart, low-stock and product cards), whose
 * own loading states then follow as usual.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
