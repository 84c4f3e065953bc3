import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { OrderProduct } from '@shopdesk/contract';
import { useId } from 'react';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { formatRupees } from '../../../lib/format';
import { LineImage } from './line-image';
import { useOrderDialogExtra } from './order-dialog-extra';

/** Spec §9: titles in the dialog are cut at 30 characters plus three dots. */
const titleLength = 30;
export const shortTitle = (title: string) => (title.length > titleLength ? `${title.slice(0, titleLength)}...` : title);

const columns = ['Product Id', 'Product Title', 'Image', 'Quantity', 'Price', 'SubTotal'];

type Props = { open: boolean; onClose: () => void; orderId: string; products: OrderProduct[] };

export function OrderProductsDialog({ open, onClose, orderId, products }: Props) {
  const titleId = useId();
  const extra = useOrderDialogExtra();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Products of order {orderId}</DialogTitle>
      <DialogContent>
        <TableContainer>
          <Table size="small">
            <TableHeadRow columns={columns} />
            <TableBody>
              {products.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder, and one product may appear twice
                <TableRow key={`${line.productId}-${index}`}>
                  <TableCell>{line.productId}</TableCell>
                  <TableCell title={line.productTitle}>{shortTitle(line.productTitle)}</TableCell>
                  <TableCell>
                    <LineImage image={line.image} title={line.productTitle} />
                  </TableCell>
                  <TableCell>{line.quantity}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRupees(line.price)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRupees(line.subTotal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {extra && <Box sx={{ mt: 3 }}>{extra(orderId)}</Box>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
