import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { SearchBox } from '../../../components/ui/search-box';
import { useDrawnAnswer } from '../../../lib/drawn-answer';
import { useProgressWhile } from '../../../lib/progress';
import { useOrders } from '../api/list-orders';
import { OrdersTable } from './orders-table';
import { orderPageSizes, useOrdersPaging } from './use-orders-paging';

/** The spec shows no words for an empty list; these match the catalogue's tone. */
export const orderListWords = {
  empty: 'No orders yet',
  noMatch: 'No orders match your search',
  search: 'Search orders',
} as const;

/** Orders List: server-paged table, page, size, sort and search in the URL. */
export function OrdersList() {
  const { page, perPage, sort, q, setPaging, sortBy } = useOrdersPaging();
  const orders = useOrders({ page, perPage, sort, ...(q ? { q } : {}) });
  useProgressWhile(orders.isFetching);

  const data = useDrawnAnswer(orders.data);

  if (orders.isError && !data) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  if (!data) return <LoadingState label="Loading orders..." />;
  if (data.totalCount === 0) return <EmptyState message={q ? orderListWords.noMatch : orderListWords.empty} />;
  return (
    <>
      {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
      <OrdersTable orders={data.orders} sort={sort} onSort={sortBy} />
      <TablePagination
        component="div"
        count={data.totalCount}
        // A page past the end (an old link) still renders; MUI wants an in-range index.
        page={Math.min(page - 1, Math.max(0, data.totalPages - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...orderPageSizes]}
        onPageChange={(_event, next) => setPaging({ page: next + 1 })}
        onRowsPerPageChange={(event) => setPaging({ page: 1, perPage: Number(event.target.value) })}
      />
    </>
  );
}

/** The search box stays above the list in every state, so a search that finds nothing can be changed. */
function OrderSearch() {
  const { q, setSearch } = useOrdersPaging();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      <SearchBox label={orderListWords.search} value={q} onSearch={setSearch} />
    </Box>
  );
}

export function OrdersCard() {
  return (
    <Paper sx={{ p: 2 }}>
      <OrderSearch />
      <OrdersList />
    </Paper>
  );
}
