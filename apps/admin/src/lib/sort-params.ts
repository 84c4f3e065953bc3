export type SortOrder = 'asc' | 'desc';

/** A list's sort as its address holds it: none (the list's own order) or a key and a direction. */
export type ListSort<Key extends string> = { sort: Key; order: SortOrder } | undefined;

/**
 * The sort in a list screen's address (`sort`, `order`): a known key, ascending unless
 * `order=desc`; anything else (none, an old or edited link) is no sort.
 */
export function readSort<Key extends string>(params: URLSearchParams, keys: readonly Key[]): ListSort<Key> {
  const sort = params.get('sort');
  if (sort === null || !(keys as readonly string[]).includes(sort)) return undefined;
  return { sort: sort as Key, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

/** A click on `key`'s heading: the sort by it ascending, or the other way when it is the sort now. */
export function sortAfterClick<Key extends string>(current: ListSort<Key>, key: Key): NonNullable<ListSort<Key>> {
  return { sort: key, order: current?.sort === key && current.order === 'asc' ? 'desc' : 'asc' };
}

/** The address after a click on `key`'s heading (of a list sorting by `keys`): sortAfterClick, page 1. */
export function withHeadingClicked<Key extends string>(
  params: URLSearchParams,
  keys: readonly Key[],
  key: Key,
): URLSearchParams {
  return withSort(params, sortAfterClick(readSort(params, keys), key));
}

/** The address with this sort (or none), back on page 1: a new order starts from its top. */
export function withSort<Key extends string>(params: URLSearchParams, next: ListSort<Key>): URLSearchParams {
  const updated = new URLSearchParams(params);
  updated.delete('page');
  if (next) {
    updated.set('sort', next.sort);
    updated.set('order', next.order);
  } else {
    updated.delete('sort');
    updated.delete('order');
  }
  return updated;
}
