import { createStore, useStore } from './store';

export type AlertKind = 'success' | 'error';
/** A button in the alert (the delete alert's UNDO): clicking it runs `run` and closes the alert. */
export type AlertAction = { label: string; run: () => void };
export type AlertState = { open: boolean; kind: AlertKind; msg: string; key: number; action?: AlertAction | undefined };

/** The spec's snackbar auto-hide delay (§9). */
export const alertAutoHideMs = 6000;

export const alertStore = createStore<AlertState>({ open: false, kind: 'success', msg: '', key: 0 });

/** Shows the one snackbar alert; a new alert replaces the current one (and its action). */
export function showAlert(kind: AlertKind, msg: string, action?: AlertAction): void {
  alertStore.set((previous) => ({ open: true, kind, msg, key: previous.key + 1, action }));
}

export function hideAlert(): void {
  alertStore.set((previous) => ({ ...previous, open: false }));
}

export function useAlert(): AlertState {
  return useStore(alertStore);
}
