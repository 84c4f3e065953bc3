import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldMessages, firstMessage, type SavedView, savedViewChangeSchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useChangeView, useDeleteView } from '../api/views';

type Rights = {
  isOwn: (view: SavedView) => boolean;
  mayRename: (view: SavedView) => boolean;
  mayDelete: (view: SavedView) => boolean;
};

/** One view's row: its name, then Rename (own views) and Delete (own, or shared with `staff:manage`). */
function ViewRow({ view, rights }: { view: SavedView; rights: Rights }) {
  const change = useChangeView();
  const remove = useDeleteView();
  const [name, setName] = useState<string | null>(null);
  const [nameError, setNameError] = useState('');

  function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = savedViewChangeSchema.safeParse({ name: name ?? '' });
    if (!parsed.success) {
      setNameError(fieldMessages(parsed.error).name ?? firstMessage(parsed.error));
      return;
    }
    change.mutate(
      { id: view.id, ...parsed.data },
      {
        onSuccess: () => {
          showAlert('success', 'View renamed');
          setName(null);
        },
        onError: (error) => setNameError(errorMessage(error)),
      },
    );
  }

  if (name !== null) {
    return (
      <ListItem component="li" disableGutters>
        <Stack component="form" noValidate onSubmit={rename} direction="row" spacing={1} sx={{ width: '100%' }}>
          <TextField
            label={`New name for ${view.name}`}
            size="small"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError('');
            }}
            autoFocus
            autoComplete="off"
            error={nameError !== ''}
            helperText={nameError || undefined}
            sx={{ flex: 1 }}
          />
          <Button type="submit" disabled={change.isPending}>
            Save
          </Button>
          <Button onClick={() => setName(null)}>Cancel</Button>
        </Stack>
      </ListItem>
    );
  }
  const owner = rights.isOwn(view) ? (view.shared ? 'Yours, shared with the team' : 'Yours') : 'Shared by a teammate';
  return (
    <ListItem component="li" disableGutters>
      <ListItemText primary={view.name} secondary={owner} />
      {rights.mayRename(view) ? (
        <Button size="small" aria-label={`Rename view ${view.name}`} onClick={() => setName(view.name)}>
          Rename
        </Button>
      ) : null}
      {rights.mayDelete(view) ? (
        <Button
          size="small"
          color="error"
          aria-label={`Delete view ${view.name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(view.id, {
              onSuccess: (answer) => showAlert('success', answer.message),
              onError: (error) => showAlert('error', errorMessage(error)),
            })
          }
        >
          Delete
        </Button>
      ) : null}
    </ListItem>
  );
}

/** "Manage views…": rename or delete the views the caller may change. */
export function ManageViewsDialog({
  open,
  views,
  rights,
  onClose,
}: {
  open: boolean;
  views: SavedView[];
  rights: Rights;
  onClose: () => void;
}) {
  const changeable = views.filter((view) => rights.mayRename(view) || rights.mayDelete(view));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="manage-views-title">
      <DialogTitle id="manage-views-title">Manage views</DialogTitle>
      <DialogContent>
        {changeable.length === 0 ? (
          <ListItemText primary="No saved views yet" />
        ) : (
          <List aria-label="Saved views">
            {changeable.map((view) => (
              <ViewRow key={view.id} view={view} rights={rights} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
