import { useSearchParams } from 'react-router';

/** The spec's page sizes (§9): 10, 25, 100, default 10. */
export const pageSizes = [10, 25, 100] as const;
const defaultPerPage = 10;

type FilterChanges = Partial<{ page: number; perPage: number; catId: string; q: string; lowStock: boolean }>;

/** Page, page size, category and search live in the URL, so a reload or a shared link keeps them. */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const perPageParam = Number(params.get('perPage'));
  const perPage = (pageSizes as readonly number[]).includes(perPageParam) ? perPageParam : defaultPerPage;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const catId = params.get('catId') || 'all';
  const q = params.get('q') ?? '';
  // Only products at or below their low-stock line (api.md §15): `lowStock=true` in the URL.
  const lowStock = params.get('lowStock') === 'true';

  function update(changes: FilterChanges) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
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

  // What the table shows, as export and bulk edit name it (api.md §13): the search spans the
  // whole catalogue (listProducts), so with one the category is not part of it.
  const filter: { q?: string; catId?: string; lowStock?: 'true' } = q
    ? { q }
    : { ...(catId !== 'all' ? { catId } : {}), ...(lowStock ? { lowStock: 'true' as const } : {}) };

  return { page, perPage, catId, q, lowStock, filter, update };
}
