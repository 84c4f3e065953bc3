import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A submit button that shows a spinner (and stays disabled) while the call is in flight. */
export function SubmitButton({ isPending, children, ...props }: ButtonProps & { isPending: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={isPending || props.disabled} {...props}>
      {isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : children}
    </Button>
  );
}
