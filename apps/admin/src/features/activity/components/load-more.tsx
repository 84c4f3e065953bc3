import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';

type Props = {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** Load as the end of the list scrolls into view too (the button stays, for keyboards). */
  isAutomatic?: boolean;
};

/** The end of a cursor-paged list: a "Load more" button, and optionally a scroll sentinel. */
export function LoadMore({ hasMore, isLoading, onLoadMore, isAutomatic = false }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  const isWatching = isAutomatic && hasMore && !isLoading;

  useEffect(() => {
    const element = sentinel.current;
    // No observer (an old browser, jsdom): the button alone does the work.
    if (!isWatching || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isWatching]);

  if (!hasMore) return null;
  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Button variant="outlined" onClick={onLoadMore} disabled={isLoading}>
        {isLoading ? 'Loading...' : 'Load more'}
      </Button>
    </Box>
  );
}
