import type { ReactNode } from 'react';
import { PlainButton } from '../../../components/ui/plain-button';
import { Spinner } from '../../../components/ui/spinner';

/** A submit button that shows a spinner (and stays disabled) while the call is in flight. */
export function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <PlainButton type="submit" variant="contained" size="large" fullWidth disabled={isPending}>
      {isPending ? <Spinner size={24} label="Please wait" /> : children}
    </PlainButton>
  );
}
