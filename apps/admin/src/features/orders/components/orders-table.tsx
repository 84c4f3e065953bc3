import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import type { Order } from '@shopdesk/contract';
import { TableHeadRow } from '../../../components/ui/table-head-row';
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

export function OrdersTable({ orders }: { orders: Order[] }) {
  // Spec §2: the rows of the current page are shown in reversed order.
  const rows = [...orders].reverse();
  return (
    <TableContainer sx={{ maxHeight: 440 }} role="region" tabIndex={0} aria-label="Orders table">
      <Table stickyHeader size="small">
        <TableHeadRow columns={orderColumns} noWrap />
        <TableBody>
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
