import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { redirectDelayMs } from '../../../config/constants';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { configQueryOptions } from '../../../lib/app-config';
import { markLoggedIn, saveSession } from '../../../lib/session';
import { authWithGoogle } from '../api/auth-with-google';
import { type GooglePopupAnswer, openGooglePopup } from './google-popup';

/** The popup step: resolves with the provider's verified answer, or throws the message to show. */
export type GooglePopupFlow = () => Promise<GooglePopupAnswer>;

/**
 * Sign In with Google on Sign in and Sign up: popup, then `POST /api/user/authWithGoogle`,
 * then exactly what the password sign-in does (success alert, /dashboard after 2 s).
 */
export function useGoogleSignIn(popupFlow: GooglePopupFlow = openGooglePopup) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Loaded with the screen, so a click opens the popup at once (popup blockers want that).
  const config = useQuery(configQueryOptions());
  const [isPending, setIsPending] = useState(false);

  async function start() {
    setIsPending(true);
    try {
      const settings = config.data ?? (await queryClient.fetchQuery(configQueryOptions()));
      if (!settings.googleSignIn) {
        showAlert('error', uiMessages.googleNotSetUp);
        setIsPending(false);
        return;
      }
      const answer = await authWithGoogle(await popupFlow());
      const { user } = answer;
      saveSession(answer.token, { name: user.name, email: user.email, userId: user.id, isAdmin: user.isAdmin });
      showAlert('success', answer.msg);
      // Stays pending until the redirect, so nobody starts a second sign-in.
      setTimeout(() => {
        markLoggedIn();
        navigate('/dashboard');
      }, redirectDelayMs);
    } catch (error) {
      showAlert('error', errorMessage(error));
      setIsPending(false);
    }
  }

  return { start, isPending };
}
