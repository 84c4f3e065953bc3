import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId } from 'react';
import { closeShortcutDialogs, paletteKeyLabel, useShortcutDialog } from '../../lib/shortcuts';

export const shortcutsTitle = 'Keyboard shortcuts';

/** The shortcuts, as the `?` dialog lists them. */
export function shortcutList(): Array<{ keys: string; does: string }> {
  return [
    {
      keys: paletteKeyLabel(),
      does: 'Open the command palette: go to a screen, find a product, order or category, run an action',
    },
    { keys: '?', does: 'Show these keyboard shortcuts' },
    { keys: '/', does: 'Go to the search field of this screen' },
    { keys: '↑ ↓', does: 'In the command palette: move through the results' },
    { keys: 'Enter', does: 'In the command palette: open the chosen result' },
    { keys: 'Esc', does: 'Close the command palette or this list' },
  ];
}

/** The "Keyboard shortcuts" dialog (`?`). */
export function ShortcutsDialog() {
  const isOpen = useShortcutDialog() === 'shortcuts';
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={closeShortcutDialogs} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{shortcutsTitle}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Keys
              </TableCell>
              <TableCell component="th" scope="col">
                What they do
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shortcutList().map((shortcut) => (
              <TableRow key={shortcut.keys}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <kbd>{shortcut.keys}</kbd>
                </TableCell>
                <TableCell>{shortcut.does}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeShortcutDialogs}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
