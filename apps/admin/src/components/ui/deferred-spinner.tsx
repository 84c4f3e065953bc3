import type { CircularProgressProps } from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { lazyThemed } from '../../lib/lazy-themed';

const loadSpinner = () => import('@mui/material/CircularProgress');
const CircularProgress = lazyThemed<CircularProgressProps>(() => loadSpinner().then((module) => module.default));

/**
 * Starts loading MUI's CircularProgress, for a button that shows it only while its call is in
 * flight: called once the button is on screen, the spinner is there before anyone clicks.
 */
export function preloadSpinner(): void {
  void loadSpinner();
}

type Props = { size: number; label?: string };

/**
 * MUI's CircularProgress in the current text colour, loaded after the first paint; until it
 * has loaded, an empty box of its size keeps the button's height.
 */
export function DeferredSpinner({ size, label }: Props) {
  const box = <span style={{ display: 'inline-block', width: size, height: size }} />;
  return (
    <Suspense fallback={box}>
      <CircularProgress size={size} color="inherit" {...(label ? { 'aria-label': label } : { 'aria-hidden': true })} />
    </Suspense>
  );
}
