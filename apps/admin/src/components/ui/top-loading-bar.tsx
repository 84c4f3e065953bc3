import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { setProgress, useProgress } from '../../lib/progress';

const moveMs = 500;
const holdMs = 1000;
const fadeMs = 300;

const container: CSSProperties = {
  position: 'fixed',
  top: 0,
  left: 0,
  width: '100%',
  height: 3,
  background: 'transparent',
  zIndex: 99999999999,
};

/**
 * The top loading bar (spec §4): 3 px in the primary colour, easing to each value of the
 * progress store; at 100 it stays a second, fades out, and the store goes back to 0. This
 * is what react-top-loading-bar did here (its controlled mode, no shadow), in the first
 * download at a fraction of its size.
 */
export function TopLoadingBar() {
  const progress = useProgress();
  const [bar, setBar] = useState<CSSProperties>({ width: '0%', opacity: 1, transition: `all ${moveMs}ms ease` });
  const isMounted = useRef(false);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!progress) return;
    if (progress < 100) {
      setBar({ width: `${progress}%`, opacity: 1, transition: `all ${moveMs}ms ease` });
      return;
    }
    setBar((previous) => ({ ...previous, width: '100%' }));
    setTimeout(() => {
      if (!isMounted.current) return;
      setBar({ width: '100%', opacity: 0, transition: `all ${fadeMs}ms ease-out` });
      setTimeout(() => {
        if (!isMounted.current) return;
        setProgress(0);
        setBar({ width: '0%', opacity: 1, transition: '' });
      }, fadeMs);
    }, holdMs);
  }, [progress]);

  return (
    <div style={container}>
      <div data-testid="top-loading-bar" style={{ height: '100%', background: 'var(--sd-primary)', ...bar }} />
    </div>
  );
}
