import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { OrderProduct } from '@shopdesk/contract';
import { TableHeadRow } from '../../../../components/ui/table-head-row';
import { formatRupees } from '../../../../lib/format';
import { LineImage } from '../line-image';

const columns = ['Image', 'Product Title', 'Quantity', 'Price', 'SubTotal'];

/** The order's products with their images; the page has room for whole titles (the dialog cuts them). */
export function OrderLines({ products }: { products: OrderProduct[] }) {
  return (
    <TableContainer role="region" tabIndex={0} aria-label="Products of the order">
      <Table size="small">
        <TableHeadRow columns={columns} />
        <TableBody>
          {products.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder, and one product may appear twice
            <TableRow key={`${line.productId}-${index}`}>
              <TableCell sx={{ width: 64 }}>
                <LineImage image={line.image} title={line.productTitle} />
              </TableCell>
              <TableCell>{line.productTitle}</TableCell>
              <TableCell>{line.quantity}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRupees(line.price)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRupees(line.subTotal)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
