import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { GoogleCodeDialog } from './google-code-dialog';
import { type GooglePopupFlow, useGoogleSignIn } from './use-google-sign-in';

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
        <GoogleCodeDialog
          prompt={codeRequest.prompt}
          isPending={isVerifying}
          onSubmit={(otp) => void submitCode(otp)}
          onCancel={cancelCode}
        />
      ) : null}
    </>
  );
}
