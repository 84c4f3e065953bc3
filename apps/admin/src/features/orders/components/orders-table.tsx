import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Order } from '@shopdesk/contract';
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
        <TableHead>
          <TableRow>
            {orderColumns.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
