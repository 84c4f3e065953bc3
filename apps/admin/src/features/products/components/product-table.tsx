import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useEffect } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/list-products';
import { ProductRow } from './product-row';
import { pageSizes, useProductFilters } from './use-product-filters';

const columns = ['PRODUCT', 'CATEGORY', 'SUB CATEGORY', 'BRAND', 'PRICE', 'RATING', 'ACTION'];

/** The product table of the Dashboard and the Product List: one page from the server at a time. */
export function ProductTable() {
  const { page, perPage, catId, q, update } = useProductFilters();
  const query = useProducts({ page, perPage, catId, q });
  const { deleteItem, deletingId } = useDeleteProduct();
  useProgressWhile(query.isLoading);
  const data = query.data;

  // After a delete (or a shrinking search) the page may be past the end: go to the last one.
  useEffect(() => {
    if (data && data.products.length === 0 && page > 1 && data.totalPages >= 1 && page > data.totalPages) {
      update({ page: data.totalPages });
    }
  }, [data, page, update]);

  if (query.isLoading) return <LoadingState label="Loading products..." />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!data || data.totalCount === 0)
    return <EmptyState message={q ? 'No products match this search' : 'No products yet'} />;

  // The spec shows each page's rows in reverse order (§2, §9).
  const rows = [...data.products].reverse();
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: 440 }}>
        <Table stickyHeader size="small" aria-label="Products">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700 }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                onDelete={deleteItem}
                isDeleting={deletingId === product.id}
              />
            ))}
          </TableBody>
        </Table>
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
