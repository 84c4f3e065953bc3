import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { orderNoteBodySchema, orderNoteMaxLength } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../../../lib/alerts';
import { errorMessage } from '../../../../lib/api-error';
import { useCan } from '../../../../lib/permissions';
import { useAddOrderNote } from '../../api/order-timeline';

/**
 * "Add note": checked with the contract's schema (the server's own), so a blank or too long
 * note gets the same words in the red alert without a round trip; the server's refusal shows
 * there too. The new note appears when the timeline is read again.
 */
export function AddNoteForm({ orderId }: { orderId: string }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = useAddOrderNote(orderId);
  const canWrite = useCan('orders:write');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = orderNoteBodySchema.safeParse({ text });
    if (!checked.success) {
      setInvalid(true);
      showAlert('error', checked.error.issues[0]?.message ?? errorMessage(checked.error));
      return;
    }
    setInvalid(false);
    add.mutate(checked.data.text, {
      onSuccess: () => setText(''),
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  const disabled = !canWrite || add.isPending;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add note" sx={{ mt: 3 }}>
      <TextField
        label="Note"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        disabled={disabled}
        error={invalid}
        // No counter for a role that cannot write: a disabled field's grey helper text is below contrast.
        helperText={canWrite ? `${text.length} / ${orderNoteMaxLength}` : undefined}
      />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ mt: 1.5 }}>
        {add.isPending ? <CircularProgress size={20} color="inherit" aria-label="Adding note" /> : 'Add note'}
      </Button>
    </Box>
  );
}
