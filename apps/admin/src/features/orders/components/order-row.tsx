import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Order } from '@shopdesk/contract';
import { memo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatRupees } from '../../../lib/format';
import { OrderProductsDialog } from './order-products-dialog';
import { OrderStatusSelect } from './order-status-select';

/** Spec §3: the date is shown as the part before the 'T'. */

/** Memoised: a re-read that leaves an order as it was does not draw its row again. */
export const OrderRow = memo(function OrderRow({ order }: { order: Order }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <TableRow hover>
      <TableCell>
        {/* The order's own page (issue 20): fields, timeline, notes, invoice. */}
        <Link component={RouterLink} to={`/orders/${encodeURIComponent(order.id)}`}>
          {order.id}
        </Link>
      </TableCell>
      <TableCell>{order.paymentId}</TableCell>
      <TableCell>
        <Button
          size="small"
          onClick={() => setIsDialogOpen(true)}
          aria-label={`Click here to view the products of order ${order.id}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Click here to view
        </Button>
        <OrderProductsDialog
          open={isDialogOpen}
          onClose={() => setIsDialogOpen(false)}
          orderId={order.id}
          products={order.products}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{order.name}</TableCell>
      <TableCell>{order.phoneNumber}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>{order.address}</TableCell>
      <TableCell>{order.pincode}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRupees(order.amount)}</TableCell>
      <TableCell>{order.email}</TableCell>
      <TableCell>{order.userid || order.userId}</TableCell>
      <TableCell>
        <OrderStatusSelect order={order} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.date)}</TableCell>
    </TableRow>
  );
});
