import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import type { Product } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { SortableHeadRow } from '../../../components/ui/sortable-head-row';
import { useDrawnAnswer } from '../../../lib/drawn-answer';
import { followAppLink } from '../../../lib/follow-app-link';
import { useCan } from '../../../lib/permissions';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteProduct } from '../api/delete-product';
import { productsQueryOptions, useProducts } from '../api/list-products';
import { ProductRow, productRowStyles } from './product-row';
import { type ProductTableSelection, SelectPageCell } from './product-selection';
import { type ProductSort, pageSizes, productSortFields, productSorts, useProductFilters } from './use-product-filters';

/** The table, with the look of the plain parts of its rows (see productRowStyles). */
const ProductsTable = styled(Table)(({ theme }) => productRowStyles(theme));

const columns = ['PRODUCT', 'CATEGORY', 'SUB CATEGORY', 'BRAND', 'PRICE', 'RATING', 'ACTION'];
/** The spec's columns stay as they are; these headings sort (stock and date, with no column, from "Sort by"). */
const sortableColumns: Partial<Record<string, ProductSort>> = { PRODUCT: 'name', PRICE: 'price', RATING: 'rating' };
const sortWords: Record<ProductSort, [string, string]> = {
  name: ['Name: A to Z', 'Name: Z to A'],
  price: ['Price: low to high', 'Price: high to low'],
  rating: ['Rating: low to high', 'Rating: high to low'],
  stock: ['Stock: low to high', 'Stock: high to low'],
  date: ['Date added: oldest first', 'Date added: newest first'],
};
const sortOptions = [
  { value: '', label: 'Default order' },
  ...productSorts.flatMap((sort) => [
    { value: `${sort}.asc`, label: sortWords[sort][0] },
    { value: `${sort}.desc`, label: sortWords[sort][1] },
  ]),
];

type RowsProps = {
  products: Product[];
  onDelete: (id: string) => void;
  deletingId: string | undefined;
  canEdit: boolean;
  canDelete: boolean;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onSelect: ((id: string, checked: boolean) => void) | undefined;
  isChecked: ((id: string) => boolean) | undefined;
  reversed: boolean;
};

/**
 * A page of rows; it renders again only when the page's products or the delete in progress
 * change. Rows are keyed by their place on the page: turning a page updates the rows already
 * there (new words, links and picture) instead of unmounting them and mounting as many MUI
 * rows, cells and chips again, which is most of the time between the click and the new rows.
 */
const ProductRows = memo(function ProductRows({
  products,
  onDelete,
  deletingId,
  onClick,
  canEdit,
  canDelete,
  onSelect,
  isChecked,
  reversed,
}: RowsProps) {
  // The spec shows each page's rows in reverse order (§2, §9): the list's own order, creation
  // order. A sort the user asks for (a heading or "Sort by") shows in the order asked, top row
  // first: "Price: high to low" reversed within each page would be neither order (issue 20).
  const rows = reversed ? [...products].reverse() : products;
  return (
    <TableBody onClick={onClick}>
      {rows.map((product, place) => (
        <ProductRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are slots of the page (see above); nothing in a row keeps state of its product
          key={place}
          product={product}
          onDelete={onDelete}
          isDeleting={deletingId === product.id}
          canEdit={canEdit}
          canDelete={canDelete}
          onSelect={onSelect}
          selected={isChecked?.(product.id) ?? false}
        />
      ))}
    </TableBody>
  );
});

/**
 * The page the table shows. A click on the pagination shows the new page at once (an urgent
 * update, drawn from the prefetched cache within the click's own task) while the address —
 * whose updates the router renders as an interruptible transition — follows; any other
 * change of the address (back, forward, filters, page size) is followed as it comes.
 */
function useShownPage(addressPage: number) {
  const [state, setState] = useState({ addressPage, page: addressPage });
  if (state.addressPage !== addressPage) setState({ addressPage, page: addressPage });
  const page = state.addressPage === addressPage ? state.page : addressPage;
  const showPage = useCallback((next: number) => setState((current) => ({ ...current, page: next })), []);
  return [page, showPage] as const;
}

/**
 * The product table of the Dashboard and the Product List: one page from the server at a time.
 * With a `selection` (Product List), a checkbox column comes first and its bar sits above.
 */
export function ProductTable({ selection }: { selection?: ProductTableSelection | undefined }) {
  const { page: addressPage, perPage, catId, q, lowStock, sort, update, setSort, sortBy } = useProductFilters();
  const [page, showPage] = useShownPage(addressPage);
  // A search is ranked by the server and takes no sort.
  const shownSort = q ? undefined : sort;
  const sortField = shownSort && productSortFields[shownSort.sort];
  const sortOrder = shownSort?.order ?? 'asc';
  const apiSort = sortField && { field: sortField, order: sortOrder };
  const query = useProducts({ page, perPage, catId, q, lowStock, sort: apiSort });
  const queryClient = useQueryClient();
  const { deleteItem, deletingId, isShown: canDelete } = useDeleteProduct();
  const canEdit = useCan('catalogue:write');
  useProgressWhile(query.isLoading);
  const data = useDrawnAnswer(query.data);

  // One delete callback for every row, so the memoised rows do not render again for it.
  const latestDelete = useRef(deleteItem);
  useLayoutEffect(() => {
    latestDelete.current = deleteItem;
  });
  const onDelete = useCallback((id: string) => latestDelete.current(id), []);
  const pageIds = data?.products.map((product) => product.id) ?? [];
  const latestSelection = useRef({ selection, pageIds });
  useLayoutEffect(() => {
    latestSelection.current = { selection, pageIds };
  });
  const onSelect = useCallback((id: string, checked: boolean) => {
    const { selection: current, pageIds: shown } = latestSelection.current;
    current?.onChange([id], checked, shown);
  }, []);
  // The rows' links are plain anchors (a Link per row would render again on every address
  // change); one handler on the table body follows them inside the app.
  const navigate = useNavigate();
  const onRowsClick = useCallback(
    (event: MouseEvent<HTMLElement>) => followAppLink(event, (path) => void navigate(path)),
    [navigate],
  );

  // After a delete (or a shrinking search) the page may be past the end: go to the last one.
  useEffect(() => {
    if (data && data.products.length === 0 && page > 1 && data.totalPages >= 1 && page > data.totalPages) {
      update({ page: data.totalPages });
    }
  }, [data, page, update]);

  // The next page is fetched as soon as this one is shown, so 'Go to next page' is instant.
  const hasNext = data !== undefined && !query.isPlaceholderData && page < data.totalPages;
  useEffect(() => {
    if (!hasNext) return;
    const sort = sortField && { field: sortField, order: sortOrder };
    void queryClient.prefetchQuery(productsQueryOptions({ page: page + 1, perPage, catId, q, lowStock, sort }));
  }, [hasNext, queryClient, page, perPage, catId, q, lowStock, sortField, sortOrder]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  // Also while the first answer, already here, waits to be drawn (useDrawnAnswer).
  if (!data) return <LoadingState label="Loading products..." />;
  if (data.totalCount === 0) return <EmptyState message={q ? 'No products match this search' : 'No products yet'} />;

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <TextField
          select
          size="small"
          label="Sort by"
          value={shownSort ? `${shownSort.sort}.${shownSort.order}` : ''}
          disabled={q !== ''}
          helperText={q ? 'Search results come best match first' : undefined}
          onChange={(event) => {
            const [key, order] = event.target.value.split('.') as [ProductSort, 'asc' | 'desc'];
            setSort(event.target.value ? { sort: key, order } : undefined);
          }}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {sortOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {selection?.renderBar({ totalCount: data.totalCount, pageIds })}
      <TableContainer sx={{ maxHeight: 440 }}>
        <ProductsTable
          stickyHeader
          size="small"
          aria-label="Products"
          className={selection ? 'with-select' : undefined}
        >
          <SortableHeadRow
            columns={columns}
            sortable={sortableColumns}
            sort={shownSort}
            onSort={sortBy}
            disabled={q !== ''}
            leading={selection && <SelectPageCell pageIds={pageIds} selection={selection} />}
          />
          <ProductRows
            products={data.products}
            onDelete={onDelete}
            deletingId={deletingId}
            onClick={onRowsClick}
            canEdit={canEdit}
            canDelete={canDelete}
            onSelect={selection ? onSelect : undefined}
            isChecked={selection?.isChecked}
            reversed={apiSort === undefined}
          />
        </ProductsTable>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.totalCount}
        page={Math.min(page - 1, Math.max(0, data.totalPages - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => {
          showPage(next + 1);
          update({ page: next + 1 });
        }}
        onRowsPerPageChange={(event) => update({ perPage: Number(event.target.value), page: 1 })}
      />
    </Paper>
  );
}
