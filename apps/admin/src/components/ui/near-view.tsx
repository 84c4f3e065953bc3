import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Draws its children once their place comes within a screen's height of the view (an
 * IntersectionObserver with that margin), then keeps them. For a card far down a screen
 * (the Dashboard's product table, below the figures, the chart and the low-stock card on a
 * phone): a visit that never scrolls there does none of its work, and one that does finds it
 * drawn before it arrives. Where it is already that close, it draws right after the screen.
 */
export function NearView({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <Box ref={place} sx={{ minHeight }} />;
}
