import { useSearchParams } from 'react-router';

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

/** Page (1-based, as the API counts) and page size live in the URL so a reload keeps them. */
export function useOrdersPaging() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const perPage = readPerPage(params.get('perPage'));

  function setPaging(next: { page: number; perPage?: number }) {
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      updated.set('page', String(next.page));
      updated.set('perPage', String(next.perPage ?? perPage));
      return updated;
    });
  }

  return { page, perPage, setPaging };
}
