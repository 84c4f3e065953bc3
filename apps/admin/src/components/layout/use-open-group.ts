import { useState } from 'react';

/** Clicking the open group closes it; clicking another opens that one instead (spec §2). */
export function nextOpenGroup(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}

export function useOpenGroup(initial: string | null) {
  const [openGroup, setOpenGroup] = useState<string | null>(initial);
  const toggleGroup = (id: string) => setOpenGroup((current) => nextOpenGroup(current, id));
  return { openGroup, toggleGroup };
}
