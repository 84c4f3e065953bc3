import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ProductExportQuery } from '@shopdesk/contract';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../../lib/permissions';
import { bulkWords } from './bulk-words';
import { type BulkTarget, useBulkActions } from './use-bulk-actions';
import type { ProductSelection } from './use-product-selection';

// The dialog (its form, fields and the server's schemas to check them) loads on the first Edit:
// the Product List itself draws without it.
const BulkEditDialog = lazy(() => import('./bulk-edit-dialog'));

type Props = { selection: ProductSelection; filter: ProductExportQuery; totalCount: number };

/**
 * Above the Product List's table once rows are ticked: how many, "Select all N matching", and
 * the actions the role holds: Edit (`catalogue:write`), Move to trash (`catalogue:delete`; ticked
 * rows only, as the server's bulk delete takes ids).
 */
export default function BulkActionBar({ selection, filter, totalCount }: Props) {
  const canEdit = useCan('catalogue:write');
  const canDelete = useCan('catalogue:delete');
  const [dialog, setDialog] = useState<'edit' | 'trash' | null>(null);
  const { edit, trash } = useBulkActions(() => {
    setDialog(null);
    selection.clear();
  });
  const count = selection.all ? totalCount : selection.ids.size;
  if (count === 0) return null;
  const target: BulkTarget = selection.all ? { filter } : { ids: [...selection.ids] };
  const ids = [...selection.ids];

  return (
    <Toolbar
      component="section"
      aria-label="Bulk actions"
      sx={{ gap: 2, flexWrap: 'wrap', bgcolor: 'action.selected', borderRadius: 1, minHeight: { xs: 56 } }}
    >
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {bulkWords.selected(count)}
      </Typography>
      {selection.all ? (
        <Typography variant="body2">{bulkWords.allSelected(totalCount)}</Typography>
      ) : (
        count < totalCount && (
          <Link component="button" type="button" variant="body2" onClick={selection.selectAll}>
            {bulkWords.selectAll(totalCount)}
          </Link>
        )
      )}
      <Link component="button" type="button" variant="body2" onClick={selection.clear}>
        {bulkWords.clear}
      </Link>
      <span style={{ flexGrow: 1 }} />
      {canEdit && (
        <Button variant="contained" size="small" onClick={() => setDialog('edit')}>
          {bulkWords.edit}
        </Button>
      )}
      {canDelete && !selection.all && (
        <Button variant="outlined" color="error" size="small" onClick={() => setDialog('trash')}>
          {bulkWords.trash}
        </Button>
      )}
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <BulkEditDialog
            open
            count={count}
            pending={edit.isPending}
            onClose={() => setDialog(null)}
            onApply={(changes) => edit.mutate({ target, changes })}
          />
        </Suspense>
      )}
      <Dialog open={dialog === 'trash'} onClose={trash.isPending ? undefined : () => setDialog(null)}>
        <DialogTitle>{bulkWords.trashTitle(count)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{bulkWords.trashText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={trash.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={trash.isPending} onClick={() => trash.mutate(ids)}>
            {bulkWords.trash}
          </Button>
        </DialogActions>
      </Dialog>
    </Toolbar>
  );
}
