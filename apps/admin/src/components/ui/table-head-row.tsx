import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * The bold header row of the dashboard's tables (Product List, Orders List and an order's
 * products, Staff, Roles, Activity, Trash); `noWrap` keeps each heading on one line; `leading`,
 * a cell before the headings (the Product List's select-the-page checkbox).
 */
export function TableHeadRow({
  columns,
  noWrap = false,
  leading,
}: {
  columns: readonly string[];
  noWrap?: boolean;
  leading?: ReactNode;
}) {
  return (
    <TableHead>
      <TableRow>
        {leading}
        {columns.map((column) => (
          <TableCell key={column} sx={{ fontWeight: 700, ...(noWrap ? { whiteSpace: 'nowrap' } : {}) }}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
