import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TrashEntry } from '@shopdesk/contract';

type Props = { entry: TrashEntry | undefined; isPurging: boolean; onCancel: () => void; onConfirm: () => void };

/** "Delete forever" asks first: there is no way back from it. */
export function PurgeDialog({ entry, isPurging, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={entry !== undefined} onClose={onCancel} aria-labelledby="purge-title">
      <DialogTitle id="purge-title">Delete forever?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{entry?.name}” and its images will be deleted for good. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={isPurging} onClick={onConfirm}>
          Delete forever
        </Button>
      </DialogActions>
    </Dialog>
  );
}
