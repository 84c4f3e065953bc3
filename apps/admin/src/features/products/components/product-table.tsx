import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { Product } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { followAppLink } from '../../../lib/follow-app-link';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteProduct } from '../api/delete-product';
import { productsQueryOptions, useProducts } from '../api/list-products';
import { ProductRow, productRowStyles } from './product-row';
import { pageSizes, useProductFilters } from './use-product-filters';

/** The table, with the look of its plain rows (see productRowStyles). */
const ProductsTable = styled(Table)(({ theme }) => productRowStyles(theme));

const columns = ['PRODUCT', 'CATEGORY', 'SUB CATEGORY', 'BRAND', 'PRICE', 'RATING', 'ACTION'];

type RowsProps = {
  products: Product[];
  onDelete: (id: string) => void;
  deletingId: string | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
};

/** A page of rows; it renders again only when the page's products or the delete in progress change. */
const ProductRows = memo(function ProductRows({ products, onDelete, deletingId, onClick }: RowsProps) {
  // The spec shows each page's rows in reverse order (§2, §9).
  const rows = [...products].reverse();
  return (
    <TableBody onClick={onClick}>
      {rows.map((product) => (
        <ProductRow key={product.id} product={product} onDelete={onDelete} isDeleting={deletingId === product.id} />
      ))}
    </TableBody>
  );
});

/** The product table of the Dashboard and the Product List: one page from the server at a time. */
export function ProductTable() {
  const { page, perPage, catId, q, update } = useProductFilters();
  const query = useProducts({ page, perPage, catId, q });
  const queryClient = useQueryClient();
  const { deleteItem, deletingId } = useDeleteProduct();
  useProgressWhile(query.isLoading);
  // A page that arrives from the server is drawn in the background (a deferred render React
  // can interrupt), so the rows never hold the main thread in one long task.
  const data = useDeferredValue(query.data);

  // One delete callback for every row, so the memoised rows do not render again for it.
  const latestDelete = useRef(deleteItem);
  useLayoutEffect(() => {
    latestDelete.current = deleteItem;
  });
  const onDelete = useCallback((id: string) => latestDelete.current(id), []);
  // The rows' links are plain anchors (a Link per row would render again on every address
  // change); one handler on the table body follows them inside the app.
  const navigate = useNavigate();
  const onRowsClick = useCallback(
    (event: MouseEvent<HTMLElement>) => followAppLink(event, (path) => void navigate(path)),
    [navigate],
  );

  // After a delete (or a shrinking search) the page may be past the end: go to the last one.
  const current = query.data;
  useEffect(() => {
    if (current && current.products.length === 0 && page > 1 && current.totalPages >= 1 && page > current.totalPages) {
      update({ page: current.totalPages });
    }
  }, [current, page, update]);

  // The next page is fetched as soon as this one is shown, so 'Go to next page' is instant.
  const isShown = current !== undefined && !query.isPlaceholderData;
  const hasNext = isShown && page < current.totalPages;
  useEffect(() => {
    if (hasNext) void queryClient.prefetchQuery(productsQueryOptions({ page: page + 1, perPage, catId, q }));
  }, [hasNext, queryClient, page, perPage, catId, q]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <LoadingState label="Loading products..." />;
  if (data.totalCount === 0) return <EmptyState message={q ? 'No products match this search' : 'No products yet'} />;

  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: 440 }}>
        <ProductsTable stickyHeader size="small" aria-label="Products">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700 }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <ProductRows products={data.products} onDelete={onDelete} deletingId={deletingId} onClick={onRowsClick} />
        </ProductsTable>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.totalCount}
        page={Math.min(page - 1, Math.max(0, data.totalPages - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => update({ page: next + 1 })}
        onRowsPerPageChange={(event) => update({ perPage: Number(event.target.value), page: 1 })}
      />
    </Paper>
  );
}
