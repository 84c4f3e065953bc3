import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The bold header row of the dashboard's list tables (Product List, Staff, Roles). */
export function TableHeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column} sx={{ fontWeight: 700 }}>
            {column}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
