import { type SigninResponse, securityMessages } from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { redirectDelayMs } from '../../../config/constants';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { getConfig } from '../../../lib/app-config';
import { markLoggedIn, saveSession, storedUserOf } from '../../../lib/session';
import { authWithGoogle } from '../api/auth-with-google';
import type { GooglePopupAnswer } from './google-popup';

/** The popup step: resolves with the provider's verified answer, or throws the message to show. */
export type GooglePopupFlow = () => Promise<GooglePopupAnswer>;

// The popup code is not needed to paint the page: it loads right after (see the hook).
const loadPopup = () => import('./google-popup');
const openGooglePopup: GooglePopupFlow = () => loadPopup().then((popup) => popup.openGooglePopup());

type CodeRequest = { answer: GooglePopupAnswer; prompt: string };

const asksForCode = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 401 &&
  (error.body as { twoFactorRequired?: unknown } | null)?.twoFactorRequired === true;

/**
 * Sign In with Google on Sign in and Sign up: popup, then `POST /api/user/authWithGoogle`,
 * then exactly what the password sign-in does (success alert, /dashboard after 2 s).
 */
export function useGoogleSignIn(popupFlow: GooglePopupFlow = openGooglePopup) {
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  const [codeRequest, setCodeRequest] = useState<CodeRequest | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);

  // Loaded as soon as the button shows, so a click does not wait for it.
  useEffect(() => {
    void loadPopup();
  }, []);

  function signedIn(answer: SigninResponse) {
    const { user } = answer;
    saveSession(answer.token, storedUserOf(user), user.permissions);
    showAlert('success', answer.msg);
    // Stays pending until the redirect, so nobody starts a second sign-in.
    setTimeout(() => {
      markLoggedIn();
      navigate(answer.twoFactorSetupRequired ? '/my-account?tab=two-step&required=1' : '/dashboard');
    }, redirectDelayMs);
  }

  function failed(error: unknown) {
    showAlert('error', errorMessage(error));
    setIsPending(false);
  }

  async function start() {
    setIsPending(true);
    try {
      // Read on each click (the sign-in page has no query cache): a quick fetch, well within
      // the click's user activation that lets window.open through popup blockers.
      const settings = await getConfig();
      if (!settings.googleSignIn) return failed(new Error(uiMessages.googleNotSetUp));
      const answer = await popupFlow();
      try {
        signedIn(await authWithGoogle(answer));
      } catch (error) {
        if (!asksForCode(error)) throw error;
        setCodeRequest({ answer, prompt: errorMessage(error) });
      }
    } catch (error) {
      failed(error);
    }
  }

  async function submitCode(otp: string) {
    if (!codeRequest) return;
    if (!otp.trim()) return showAlert('error', securityMessages.otpMissing);
    setIsVerifying(true);
    try {
      signedIn(await authWithGoogle(codeRequest.answer, otp.trim()));
      setCodeRequest(null);
    } catch (error) {
      showAlert('error', errorMessage(error));
    } finally {
      setIsVerifying(false);
    }
  }

  function cancelCode() {
    setCodeRequest(null);
    setIsPending(false);
  }

  return { start, isPending, codeRequest, isVerifying, submitCode, cancelCode };
}
