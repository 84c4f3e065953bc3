import { formatDateTime } from '../../../lib/format';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** A full local date and time as every table writes one, e.g. "2026-11-21 09:30". */
export { formatDateTime };

/** "just now", "5 minutes ago", "3 hours ago"; older than a day: the date and time. */
export function formatLastSeen(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const minutes = Math.round((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  if (minutes < 24 * 60) return relative.format(-Math.round(minutes / 60), 'hour');
  return formatDateTime(iso);
}
