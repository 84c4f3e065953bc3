import { useCallback, useMemo, useState } from 'react';

type Picked = { key: string; ids: ReadonlySet<string>; all: boolean };

const nothing = (key: string): Picked => ({ key, ids: new Set(), all: false });

/**
 * What the Product List has picked for bulk work: rows by id (kept while paging), or every
 * product matching the list's filter ("select all N matching"). `filterKey` names that filter:
 * when the search or category changes, the picking starts again, since "all matching" and the
 * ticked rows belonged to the old list.
 */
export function useProductSelection(filterKey: string) {
  const [state, setState] = useState<Picked>(() => nothing(filterKey));
  const picked = useMemo(() => (state.key === filterKey ? state : nothing(filterKey)), [state, filterKey]);

  const isChecked = useCallback((id: string) => picked.all || picked.ids.has(id), [picked]);

  const onChange = useCallback(
    (ids: string[], checked: boolean, pageIds: string[]) =>
      setState((previous) => {
        const current = previous.key === filterKey ? previous : nothing(filterKey);
        // Unticking a row of "all matching" leaves this page's rows ticked but that one.
        const next = new Set(current.all ? pageIds : current.ids);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return { key: filterKey, ids: next, all: false };
      }),
    [filterKey],
  );

  const selectAll = useCallback(() => setState({ key: filterKey, ids: new Set(), all: true }), [filterKey]);
  const clear = useCallback(() => setState(nothing(filterKey)), [filterKey]);

  return useMemo(
    () => ({ ids: picked.ids, all: picked.all, isChecked, onChange, selectAll, clear }),
    [picked, isChecked, onChange, selectAll, clear],
  );
}

export type ProductSelection = ReturnType<typeof useProductSelection>;
