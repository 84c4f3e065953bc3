/**
 * Money and dates, written one way on every screen (issue 20 item 8).
 *
 * Money: rupees with Indian digit grouping, "Rs" before the figure as the spec writes it, and
 * decimals only when the amount has them (up to three, no trailing zeros): "Rs 7,51,79,980",
 * "Rs 12,34,567.5".
 *
 * Dates: the spec shows an order's date as the part of its timestamp before the T
 * ("2026-11-26"), so every table writes a day that way, and a moment as that day and the local
 * time of day ("2026-11-26 14:05").
 */

// Made on first use, not on load: the first Intl formatter of a page loads the locale's data.
let rupees: Intl.NumberFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

/** "Rs 7,51,79,980": `Intl.NumberFormat('en-IN')` after the spec's "Rs" prefix. */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
  return `Rs ${rupees.format(amount)}`;
}

const isoDay = /^\d{4}-\d{2}-\d{2}/;

/** "2026-11-26": the part of an ISO timestamp before the T (spec: an order's date). */
export function formatDate(iso: string): string {
  const day = isoDay.exec(iso)?.[0];
  if (day) return day;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

/** "2026-11-26 14:05": a moment, written like `formatDate`'s day and then the time, in the browser's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  clock ??= new Intl.DateTimeFormat('en-IN', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(clock.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
