import { type Category, type OrderPage, ordersPath, type ProductPage, searchPath } from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { entriesFor } from '../../components/layout/sidebar-links';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { usePermissions } from '../../lib/permissions';
import { toggleThemeMode, useThemeMode } from '../../lib/theme-store';

/**
 * What the palette takes from other features (features do not import each other: the app
 * composing them hands these in): the category list's query, and Orders List's export.
 */
export type PaletteSources = {
  categories: { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<Category[]> };
  /** Runs what Orders List's "Export CSV" runs with no date or status chosen: every order. */
  exportOrders: () => void;
};

/** One row of the palette: what it shows, and what Enter (or a click) on it does. */
export type PaletteItem = { id: string; label: string; detail?: string | undefined; run: () => void };
export type PaletteGroupName = 'Screens' | 'Actions' | 'Products' | 'Orders' | 'Categories';
export type PaletteGroup = { name: PaletteGroupName; items: PaletteItem[] };
/** The groups with rows, in the palette's order; what is still searching; what failed. */
export type PaletteResults = { groups: PaletteGroup[]; isSearching: boolean; errors: string[] };

/** The server searches wait this long after the last key, so a typed word is one request. */
export const searchDelayMs = 200;
/** At most this many rows of each searched group (products, orders, categories). */
export const rowsPerGroup = 5;

/** The query keys of the palette's own searches (a changed key drops, and aborts, the older search). */
export const paletteKeys = {
  all: ['command-palette'] as const,
  products: (q: string) => [...paletteKeys.all, 'products', q] as const,
  orders: (q: string) => [...paletteKeys.all, 'orders', q] as const,
};

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Whether every word of `q` is found in `text`, letter case ignored ("cat list" finds "Category List"). */
export function matches(text: string, q: string): boolean {
  const haystack = text.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const encoded = encodeURIComponent;

/**
 * What the palette offers for the text typed: the sidebar's screens and the actions this person
 * may use (filtered here, at once), and products, orders and categories (searched on the server,
 * `searchDelayMs` after the last key; categories from the category list, read once).
 */
export function usePaletteResults(text: string, sources: PaletteSources, close: () => void): PaletteResults {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const mode = useThemeMode();
  const typed = text.trim();
  const q = useDebouncedValue(typed, searchDelayMs);
  const isSearchingText = q !== '';

  const products = useQuery({
    queryKey: paletteKeys.products(q),
    queryFn: ({ signal }) =>
      api.get<ProductPage>(`${searchPath}?q=${encoded(q)}&page=1&perPage=${rowsPerGroup}`, signal),
    enabled: isSearchingText,
  });
  const orders = useQuery({
    queryKey: paletteKeys.orders(q),
    queryFn: ({ signal }) => api.get<OrderPage>(`${ordersPath}?q=${encoded(q)}&page=1&perPage=${rowsPerGroup}`, signal),
    enabled: isSearchingText,
  });
  const categories = useQuery({
    queryKey: sources.categories.queryKey,
    queryFn: ({ signal }) => sources.categories.queryFn({ signal }),
    enabled: isSearchingText,
  });

  // Each row closes the palette first, so focus goes back where it was before the row acts.
  const go = (to: string) => () => {
    close();
    navigate(to);
  };
  const act = (action: () => void) => () => {
    close();
    action();
  };

  const screens: PaletteItem[] = entriesFor(permissions).flatMap((entry) =>
    entry.kind === 'link'
      ? [{ id: `screen:${entry.to}`, label: entry.label, run: go(entry.to) }]
      : entry.links.map((link) => ({
          id: `screen:${link.to}`,
          label: link.label,
          detail: entry.title,
          run: go(link.to),
        })),
  );

  const actions: Array<PaletteItem & { keywords: string }> = [];
  if (permissions.has('catalogue:write')) {
    actions.push({
      id: 'action:add-product',
      label: 'Add product',
      keywords: 'new upload',
      run: go('/product/upload'),
    });
  }
  if (permissions.has('export')) {
    actions.push({
      id: 'action:export-orders',
      label: 'Export orders',
      detail: 'Every order as CSV',
      keywords: 'csv download',
      run: act(sources.exportOrders),
    });
  }
  actions.push({
    id: 'action:toggle-theme',
    label: 'Toggle theme',
    detail: mode === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme',
    keywords: 'dark light mode colour color',
    run: act(toggleThemeMode),
  });

  const groups: PaletteGroup[] = [
    { name: 'Screens', items: screens.filter((item) => matches(`${item.label} ${item.detail ?? ''}`, typed)) },
    {
      name: 'Actions',
      items: actions
        .filter((item) => matches(`${item.label} ${item.keywords}`, typed))
        .map(({ keywords: _, ...item }) => item),
    },
  ];
  if (isSearchingText) {
    groups.push(
      {
        name: 'Products',
        items: (products.data?.products ?? []).map((product) => ({
          id: `product:${product.id}`,
          label: product.name,
          detail: [product.brand, product.catName].filter(Boolean).join(' · ') || undefined,
          run: go(`/product/details/${encoded(product.id)}`),
        })),
      },
      {
        name: 'Orders',
        items: (orders.data?.orders ?? []).map((order) => ({
          id: `order:${order.id}`,
          label: `Order ${order.id}`,
          detail: [order.name, order.email, order.phoneNumber].filter(Boolean).join(' · '),
          run: go(`/orders/${encoded(order.id)}`),
        })),
      },
      {
        name: 'Categories',
        items: categoryRows(categories.data ?? [], q, permissions.has('catalogue:write'), go),
      },
    );
  }

  const searches = [
    { what: 'products', query: products },
    { what: 'orders', query: orders },
    { what: 'categories', query: categories },
  ];
  return {
    groups: groups.filter((group) => group.items.length > 0),
    // Still typing (the wait before searching) or a search on its way.
    isSearching: typed !== q || (isSearchingText && searches.some(({ query }) => query.isPending)),
    errors: isSearchingText
      ? searches.flatMap(({ what, query }) =>
          query.isError ? [`Could not search ${what}: ${errorMessage(query.error)}`] : [],
        )
      : [],
  };
}

/**
 * Categories named like `q`, each root followed by its matching sub categories: a root opens its
 * edit screen, a sub category the Sub Category List (where sub categories are edited in place);
 * for those who may not edit, the lists.
 */
function categoryRows(list: Category[], q: string, canEdit: boolean, go: (to: string) => () => void): PaletteItem[] {
  return list
    .flatMap((category): PaletteItem[] => [
      ...(matches(category.name, q)
        ? [
            {
              id: `category:${category.id}`,
              label: category.name,
              detail: canEdit ? 'Edit category' : 'Category List',
              run: go(canEdit ? `/category/edit/${encoded(category.id)}` : '/category'),
            },
          ]
        : []),
      ...category.children
        .filter((child) => matches(`${child.name} ${category.name}`, q))
        .map((child) => ({
          id: `category:${child.id}`,
          label: child.name,
          detail: `Sub Category of ${category.name}`,
          run: go('/subCategory'),
        })),
    ])
    .slice(0, rowsPerGroup);
}
