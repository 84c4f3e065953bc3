import { type ActivityAction, type ActivityEntity, activityActions, activityEntities } from '@shopdesk/contract';
import { useSearchParams } from 'react-router';
import type { ActivityFilters } from '../api/list-activity';

/** What the filter fields hold, as kept in the URL: dates as the date inputs give them (YYYY-MM-DD). */
export type ActivityFilterValues = {
  actor: string;
  action: ActivityAction | '';
  entity: ActivityEntity | '';
  entityId: string;
  from: string;
  to: string;
};

const keys = ['actor', 'action', 'entity', 'entityId', 'from', 'to'] as const;
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
const oneOf = <T extends string>(list: readonly T[], text: string): T | '' =>
  (list as readonly string[]).includes(text) ? (text as T) : '';

/** A day in the browser's zone: `from` starts at its first moment, `to` ends with its last. */
export function dayBounds(day: string, end: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moment = end === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return moment.toISOString();
}

/** The API's filters for the values: only the set ones, days turned into moments. */
export function toApiFilters(values: ActivityFilterValues): ActivityFilters {
  const filters: ActivityFilters = {};
  if (values.actor) filters.actor = values.actor;
  if (values.action) filters.action = values.action;
  if (values.entity) filters.entity = values.entity;
  if (values.entityId) filters.entityId = values.entityId;
  if (values.from) filters.from = dayBounds(values.from, 'start');
  if (values.to) filters.to = dayBounds(values.to, 'end');
  return filters;
}

/** The Activity screen's filters live in the URL, so a reload or a shared link keeps them. */
export function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const text = (key: (typeof keys)[number]) => (params.get(key) ?? '').trim();
  const values: ActivityFilterValues = {
    actor: text('actor'),
    action: oneOf(activityActions, text('action')),
    entity: oneOf(activityEntities, text('entity')),
    entityId: text('entityId'),
    from: isDay(text('from')) ? text('from') : '',
    to: isDay(text('to')) ? text('to') : '',
  };
  const isFiltered = keys.some((key) => values[key] !== '');

  function update(changes: Partial<ActivityFilterValues>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          const trimmed = (value ?? '').trim();
          if (trimmed) next.set(key, trimmed);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  const clear = () => update(Object.fromEntries(keys.map((key) => [key, ''])));
  return { values, isFiltered, update, clear };
}
