import { orderSortFields } from '@shopdesk/contract';
import { useLatestQuery } from '../../../lib/latest-query';
import { readSort, withHeadingClicked } from '../../../lib/sort-params';

/** The spec's page sizes (§9): 10, 25, 100, default 10. */
export const orderPageSizes = [10, 25, 100] as const;

function readPerPage(value: string | null): number {
  const size = Number(value);
  return (orderPageSizes as readonly number[]).includes(size) ? size : orderPageSizes[0];
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Page (1-based, as the API counts), page size, sort and search live in the URL so a reload keeps them. */
export function useOrdersPaging() {
  const [params, change] = useLatestQuery();
  const page = readPage(params.get('page'));
  const perPage = readPerPage(params.get('perPage'));
  /** `GET /api/orders?q=`: an order's id, or part of its name, e-mail or phone. */
  const q = params.get('q')?.trim() ?? '';
  /** Date, amount or status (issue 20); none is creation order. */
  const sort = readSort(params, orderSortFields);

  function setPaging(next: { page: number; perPage?: number }) {
    change((updated) => {
      updated.set('page', String(next.page));
      updated.set('perPage', String(next.perPage ?? perPage));
      return updated;
    });
  }

  /** A click on a column heading: a new history entry, back on page 1; back returns to the last order. */
  function sortBy(key: (typeof orderSortFields)[number]) {
    change((current) => withHeadingClicked(current, orderSortFields, key));
  }

  /** A new search starts on page 1; an empty one brings the whole list back. */
  function setSearch(next: string) {
    change((updated) => {
      if (next) updated.set('q', next);
      else updated.delete('q');
      updated.set('page', '1');
      return updated;
    });
  }

  return { page, perPage, sort, q, setPaging, sortBy, setSearch };
}
