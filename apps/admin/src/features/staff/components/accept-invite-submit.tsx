import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** The form's button, with a spinner while the answer is on its way (spec §4 "Submit"). */
export function AcceptInviteSubmit({ isPending }: { isPending: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={isPending}>
      {isPending ? <CircularProgress size={22} color="inherit" aria-label="Joining" /> : 'Join the shop'}
    </Button>
  );
}
