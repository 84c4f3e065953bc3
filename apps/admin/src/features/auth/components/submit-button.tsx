import { type ReactNode, useEffect } from 'react';
import { DeferredSpinner, preloadSpinner } from '../../../components/ui/deferred-spinner';
import { PlainButton } from '../../../components/ui/plain-button';

/** A submit button that shows a spinner (and stays disabled) while the call is in flight. */
export function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  useEffect(preloadSpinner, []);
  return (
    <PlainButton type="submit" variant="contained" size="large" fullWidth disabled={isPending}>
      {isPending ? <DeferredSpinner size={24} label="Please wait" /> : children}
    </PlainButton>
  );
}
