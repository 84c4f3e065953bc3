import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * The bold header row of the dashboard's tables (Product List, Orders List and an order's
 * products, Staff, Roles, Activity, Trash); `noWrap` keeps each heading on one line.
 */
export function TableHeadRow({ columns, noWrap = false }: { columns: readonly string[]; noWrap?: boolean }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column} sx={{ fontWeight: 700, ...(noWrap ? { whiteSpace: 'nowrap' } : {}) }}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
