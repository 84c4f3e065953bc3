import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { type GooglePopupFlow, useGoogleSignIn } from './use-google-sign-in';

// Only an account with two-step sign-in ever sees it: MUI's Dialog (Modal, focus trap,
// backdrop) loads then, not with the sign-in page.
const GoogleCodeDialog = lazy(() =>
  import('./google-code-dialog').then(({ GoogleCodeDialog }) => ({ default: GoogleCodeDialog })),
);

export function GoogleSignInButton({ popupFlow }: { popupFlow?: GooglePopupFlow }) {
  const { start, isPending, codeRequest, isVerifying, submitCode, cancelCode } = useGoogleSignIn(popupFlow);
  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        onClick={() => void start()}
        disabled={isPending}
        startIcon={isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <GoogleIcon />}
      >
        Sign In with Google
      </Button>
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
