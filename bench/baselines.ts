import type { Engine } from './store';

/**
 * The "order status update, whole order (10 conn.)" row's p99 before the activity log existed:
 * bench/results/latest-<engine>.json as committed on main (commit d98a113, full runs of
 * 2026-11-25/26, 2 cores, 10 connections for 10 s). A stored figure, not one measured by the run
 * that compares with it: the row "activity: order status p99 vs. before the log" says so.
 */
export const orderStatusBeforeLog: Record<Engine, { p99Ms: number; measuredAt: string }> = {
  sqlite: { p99Ms: 18, measuredAt: '2026-11-25T23:50:58.345Z' },
  postgres: { p99Ms: 18, measuredAt: '2026-11-26T00:26:48.578Z' },
};

export const orderStatusBaselineSource = 'git show d98a113:bench/results/latest-<engine>.json (main, before the log)';
