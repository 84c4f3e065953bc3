import { useEffect } from 'react';
import { createStore, useStore } from './store';

/** The top loading bar's value; the spec's steps are 20, 30, 40 and 100 (§4). */
export const progressStore = createStore<number>(0);

export function setProgress(value: number): void {
  progressStore.set(value);
}

/** App start: 20 while the first screen loads (a lazy screen's fallback then takes it on). */
export const startProgress = 20;

/** A screen that comes with the first download is drawn: finish the app start's bar (once). */
export function finishStartProgress(): void {
  if (progressStore.get() === startProgress) setProgress(100);
}

export function useProgress(): number {
  return useStore(progressStore);
}

/** 40 while a screen's data loads, 100 when it is done. */
export function useProgressWhile(isLoading: boolean): void {
  useEffect(() => {
    if (!isLoading) return;
    setProgress(40);
    return () => setProgress(100);
  }, [isLoading]);
}
