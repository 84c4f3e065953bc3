import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useProgressWhile } from '../../../lib/progress';
import { useOrders } from '../api/list-orders';
import { OrdersTable } from './orders-table';
import { orderPageSizes, useOrdersPaging } from './use-orders-paging';

/** The spec shows no words for an empty list; these match the catalogue's tone. */
const noOrders = 'No orders yet';

/** Orders List: server-paged table, page, size and sort in the URL. */
export function OrdersList() {
  const { page, perPage, sort, setPaging, setSort } = useOrdersPaging();
  const orders = useOrders({ page, perPage, sort });
  useProgressWhile(orders.isFetching);

  if (orders.isPending) return <LoadingState label="Loading orders..." />;
  if (orders.isError && !orders.data) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  const data = orders.data;
  if (data.totalCount === 0) return <EmptyState message={noOrders} />;
  return (
    <>
      {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
      <OrdersTable orders={data.orders} sort={sort} onSort={setSort} />
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

export function OrdersCard() {
  return (
    <Paper sx={{ p: 2 }}>
      <OrdersList />
    </Paper>
  );
}
