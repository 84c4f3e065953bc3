/**
 * What a view keeps of a screen's address: every query parameter it holds (filters, search,
 * sort, page size, and any a later filter adds) except the page, so a view opens at its top.
 * Generic on purpose: a filter added to a screen is saved without a change here.
 */
export function queryOfAddress(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key !== 'page' && value !== '') query[key] = value;
  }
  return query;
}

/** The address of a view: the screen's path with the view's parameters. */
export function addressOfView(pathname: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${pathname}?${search}` : pathname;
}
