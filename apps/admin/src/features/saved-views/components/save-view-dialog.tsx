import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { fieldMessages, firstMessage, savedViewBodySchema, type ViewScreen } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useSaveView } from '../api/views';

/** What the saved parameters say, for the dialog: "sort=price, order=desc, perPage=25". */
const describe = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');

/** "Save current view…": a name and "Share with the team"; keeps the screen's parameters as they are now. */
export function SaveViewDialog({
  open,
  screen,
  query,
  onClose,
}: {
  open: boolean;
  screen: ViewScreen;
  query: Record<string, string>;
  onClose: () => void;
}) {
  const save = useSaveView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState('');

  const close = () => {
    setName('');
    setShared(false);
    setNameError('');
    save.reset();
    onClose();
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = savedViewBodySchema.safeParse({ name, screen, query, shared });
    if (!parsed.success) {
      setNameError(fieldMessages(parsed.error).name ?? '');
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (view) => {
        showAlert('success', `View "${view.name}" saved`);
        close();
      },
      onError: (error) => {
        const message = errorMessage(error);
        if (error instanceof ApiError && (error.status === 409 || error.fields?.name)) setNameError(message);
        showAlert('error', message);
      },
    });
  }

  const saved = describe(query);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="save-view-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="save-view-title">Save current view</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {saved ? `Keeps: ${saved}` : 'Keeps the list as it is now (no filters, default order).'}
          </DialogContentText>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError('');
            }}
            autoFocus
            required
            fullWidth
            margin="dense"
            autoComplete="off"
            error={nameError !== ''}
            helperText={nameError || undefined}
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />}
            label="Share with the team"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
