import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { ListSort } from '../../lib/sort-params';

/**
 * The header row of a sortable list (Product List, Orders List): the bold headings of
 * TableHeadRow, where the columns named in `sortable` are buttons (MUI TableSortLabel). The
 * active column's `<th>` carries `aria-sort`; a click names its column to `onSort`, which sorts
 * by it ascending, or by the active one the other way (sortAfterClick, from the address last
 * asked for: the `sort` drawn here may be a navigation behind, latest-query.ts). `disabled` (a
 * search, ranked by the server) leaves the headings as they are, not pressable.
 */
export function SortableHeadRow<Key extends string>({
  columns,
  sortable,
  sort,
  onSort,
  noWrap = false,
  leading,
  disabled = false,
}: {
  columns: readonly string[];
  sortable: Partial<Record<string, Key>>;
  sort: ListSort<Key>;
  onSort: (key: Key) => void;
  noWrap?: boolean;
  leading?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <TableHead>
      <TableRow>
        {leading}
        {columns.map((column) => {
          const key = sortable[column];
          const active = !disabled && key !== undefined && sort?.sort === key;
          const direction = active && sort ? sort.order : 'asc';
          return (
            <TableCell
              key={column}
              sortDirection={active ? direction : false}
              sx={{ fontWeight: 700, ...(noWrap ? { whiteSpace: 'nowrap' } : {}) }}
            >
              {key === undefined || disabled ? (
                column
              ) : (
                <TableSortLabel active={active} direction={direction} onClick={() => onSort(key)}>
                  {column}
                </TableSortLabel>
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
