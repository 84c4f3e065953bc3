import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import type { Order, OrderSortField } from '@shopdesk/contract';
import { SortableHeadRow } from '../../../components/ui/sortable-head-row';
import type { ListSort } from '../../../lib/sort-params';
import { OrderRow } from './order-row';

/** Spec §2, word for word (including 'Paymant Id'). */
export const orderColumns = [
  'Order Id',
  'Paymant Id',
  'Products',
  'Name',
  'Phone Number',
  'Address',
  'Pincode',
  'Total Amount',
  'Email',
  'User Id',
  'Order Status',
  'Date Created',
] as const;

/** The headings that sort (issue 20), and by what. */
const sortableColumns: Partial<Record<string, OrderSortField>> = {
  'Total Amount': 'amount',
  'Order Status': 'status',
  'Date Created': 'date',
};

export function OrdersTable({
  orders,
  sort,
  onSort,
}: {
  orders: Order[];
  sort?: ListSort<OrderSortField>;
  onSort?: (key: OrderSortField) => void;
}) {
  // Spec §2: the rows of the current page are shown in reversed order (creation order). A sort
  // the user asks for shows in the order asked, top row first (issue 20).
  const rows = sort ? orders : [...orders].reverse();
  return (
    <TableContainer sx={{ maxHeight: 440 }} role="region" tabIndex={0} aria-label="Orders table">
      <Table stickyHeader size="small">
        <SortableHeadRow
          columns={orderColumns}
          sortable={onSort ? sortableColumns : {}}
          sort={sort}
          onSort={(key) => onSort?.(key)}
          noWrap
        />
        <TableBody>
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
