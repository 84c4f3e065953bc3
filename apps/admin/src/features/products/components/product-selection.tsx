import TableCell from '@mui/material/TableCell';
import type { ReactNode } from 'react';

/**
 * Rows the Product List lets you pick for bulk work (api.md §13). The table only draws the
 * checkboxes and asks; the screen (with the bulk-edit feature) keeps what is picked and what
 * to do with it.
 */
export type ProductTableSelection = {
  isChecked: (id: string) => boolean;
  /** `ids` were ticked or unticked; `pageIds` are the rows on screen. */
  onChange: (ids: string[], checked: boolean, pageIds: string[]) => void;
  /** Drawn above the table: the bar of actions, told what the list shows. */
  renderBar: (shown: { totalCount: number; pageIds: string[] }) => ReactNode;
};

/** The header's checkbox: ticks or unticks every row of the page; mixed when some are. */
export function SelectPageCell({ pageIds, selection }: { pageIds: string[]; selection: ProductTableSelection }) {
  const checkedCount = pageIds.filter((id) => selection.isChecked(id)).length;
  const all = pageIds.length > 0 && checkedCount === pageIds.length;
  return (
    <TableCell className="select-cell">
      <input
        type="checkbox"
        className="row-select"
        aria-label="Select all products on this page"
        checked={all}
        ref={(input) => {
          // Only settable from script: a page partly ticked shows the mixed state.
          if (input) input.indeterminate = checkedCount > 0 && !all;
        }}
        onChange={(event) => selection.onChange(pageIds, event.target.checked, pageIds)}
      />
    </TableCell>
  );
}
