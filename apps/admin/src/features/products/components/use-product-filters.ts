import type { ProductSortField } from '@shopdesk/contract';
import { useLatestQuery } from '../../../lib/latest-query';
import { type ListSort, readSort, withHeadingClicked, withSort } from '../../../lib/sort-params';

/** The spec's page sizes (§9): 10, 25, 100, default 10. */
export const pageSizes = [10, 25, 100] as const;
const defaultPerPage = 10;

/** What the Product List sorts by (issue 20), as its address names it, and the API's field for each. */
export const productSorts = ['name', 'price', 'rating', 'stock', 'date'] as const;
export type ProductSort = (typeof productSorts)[number];
export const productSortFields: Record<ProductSort, ProductSortField> = {
  name: 'name',
  price: 'price',
  rating: 'rating',
  stock: 'countInStock',
  date: 'dateCreated',
};

type FilterChanges = Partial<{ page: number; perPage: number; catId: string; q: string; lowStock: boolean }>;

/** Page, page size, category and search live in the URL, so a reload or a shared link keeps them. */
export function useProductFilters() {
  const [params, change] = useLatestQuery();
  const perPageParam = Number(params.get('perPage'));
  const perPage = (pageSizes as readonly number[]).includes(perPageParam) ? perPageParam : defaultPerPage;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const catId = params.get('catId') || 'all';
  const q = params.get('q') ?? '';
  const sort = readSort(params, productSorts);
  // Only products at or below their low-stock line (api.md §15): `lowStock=true` in the URL.
  const lowStock = params.get('lowStock') === 'true';

  function update(changes: FilterChanges) {
    change(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === '' ||
            (key === 'page' && value === 1) ||
            (key === 'perPage' && value === defaultPerPage) ||
            (key === 'catId' && value === 'all') ||
            (key === 'lowStock' && value === false);
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  }

  /** A new sort is a new history entry (filters replace theirs), so back returns to the last order. */
  function setSort(next: ListSort<ProductSort>) {
    change((current) => withSort(current, next));
  }

  /** A click on a column heading (SortableHeadRow). */
  function sortBy(key: ProductSort) {
    change((current) => withHeadingClicked(current, productSorts, key));
  }

  // What the table shows, as export and bulk edit name it (api.md §13): the search spans the
  // whole catalogue (listProducts), so with one the category is not part of it.
  const filter: { q?: string; catId?: string; lowStock?: 'true' } = q
    ? { q }
    : { ...(catId !== 'all' ? { catId } : {}), ...(lowStock ? { lowStock: 'true' as const } : {}) };

  return { page, perPage, catId, q, lowStock, sort, filter, update, setSort, sortBy };
}
