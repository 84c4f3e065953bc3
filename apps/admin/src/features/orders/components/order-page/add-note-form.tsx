import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { orderNoteBodySchema, orderNoteMaxLength } from '@shopdesk/contract';
import { FormTextField } from '../../../../components/form/form-text-field';
import { specResolver } from '../../../../components/form/spec-resolver';
import { useSpecForm } from '../../../../components/form/use-spec-form';
import { useCan } from '../../../../lib/permissions';
import { useAddOrderNote } from '../../api/order-timeline';

/**
 * "Add note": checked with the contract's schema (the server's own), so a blank or too long
 * note gets the same words in the red alert without a round trip; the server's refusal shows
 * there too. The new note appears when the timeline is read again.
 */
export function AddNoteForm({ orderId }: { orderId: string }) {
  const form = useSpecForm<{ text: string }, { text: string }>({
    defaultValues: { text: '' },
    resolver: specResolver(orderNoteBodySchema),
  });
  const text = form.watch('text');
  const add = useAddOrderNote(orderId);
  const canWrite = useCan('orders:write');

  function submit(checked: { text: string }) {
    add.mutate(checked.text, {
      onSuccess: () => form.reset(),
      onError: form.showServerError,
    });
  }

  const disabled = !canWrite || add.isPending;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(submit)(event)}
      aria-label="Add note"
      sx={{ mt: 3 }}
    >
      <FormTextField
        control={form.control}
        name="text"
        label="Note"
        multiline
        minRows={3}
        fullWidth
        disabled={disabled}
        // The error's words take the counter's place; no counter for a role that cannot write: a disabled field's grey helper text is below contrast.
        helperText={canWrite ? `${text.length} / ${orderNoteMaxLength}` : undefined}
      />
      <Button type="submit" variant="contained" disabled={disabled} sx={{ mt: 1.5 }}>
        {add.isPending ? <CircularProgress size={20} color="inherit" aria-label="Adding note" /> : 'Add note'}
      </Button>
    </Box>
  );
}
