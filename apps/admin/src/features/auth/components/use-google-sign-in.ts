import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { configQueryOptions } from '../../../lib/app-config';

/**
 * The popup flow (api.md §8) plugs in here: it receives nothing and resolves when the
 * user is signed in (or throws with the message to show). Until it exists, an enabled
 * server still gets an honest answer instead of a dead button.
 */
export type GooglePopupFlow = () => Promise<void>;

export function useGoogleSignIn(popupFlow?: GooglePopupFlow) {
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);

  async function start() {
    setIsPending(true);
    try {
      const config = await queryClient.fetchQuery(configQueryOptions());
      if (!config.googleSignIn || !popupFlow) {
        showAlert('error', uiMessages.googleNotSetUp);
        return;
      }
      await popupFlow();
    } catch (error) {
      showAlert('error', errorMessage(error));
    } finally {
      setIsPending(false);
    }
  }

  return { start, isPending };
}
