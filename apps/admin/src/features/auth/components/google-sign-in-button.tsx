import { mdiGoogle } from '@mdi/js';
import { Suspense } from 'react';
import { PlainButton } from '../../../components/ui/plain-button';
import { Spinner } from '../../../components/ui/spinner';
import { SvgPathIcon } from '../../../components/ui/svg-path-icon';
import { lazyThemed } from '../../../lib/lazy-themed';
import { type GooglePopupFlow, useGoogleSignIn } from './use-google-sign-in';

// Only an account with two-step sign-in ever sees it: MUI's Dialog (Modal, focus trap,
// backdrop) loads then, not with the sign-in page.
const GoogleCodeDialog = lazyThemed(() => import('./google-code-dialog').then((module) => module.GoogleCodeDialog));

export function GoogleSignInButton({ popupFlow }: { popupFlow?: GooglePopupFlow }) {
  const { start, isPending, codeRequest, isVerifying, submitCode, cancelCode } = useGoogleSignIn(popupFlow);
  return (
    <>
      <PlainButton
        fullWidth
        variant="outlined"
        onClick={() => void start()}
        disabled={isPending}
        startIcon={isPending ? <Spinner size={18} /> : <SvgPathIcon path={mdiGoogle} />}
      >
        Sign In with Google
      </PlainButton>
      {codeRequest ? (
        <Suspense fallback={null}>
          <GoogleCodeDialog
            prompt={codeRequest.prompt}
            isPending={isVerifying}
            onSubmit={(otp) => void submitCode(otp)}
            onCancel={cancelCode}
          />
        </Suspense>
      ) : null}
    </>
  );
}
