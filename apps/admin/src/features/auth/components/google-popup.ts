import { type OidcProfile, oidcMessages, oidcMessageType, oidcPaths } from '@shopdesk/contract';

export type GooglePopupAnswer = { profile: OidcProfile; credential: string };

const width = 500;
const height = 600;
const pollMs = 400;

type PopupMessage = { type: string; error?: unknown; credential?: unknown; profile?: Partial<OidcProfile> };

function isPopupMessage(data: unknown): data is PopupMessage {
  return !!data && typeof data === 'object' && (data as PopupMessage).type === oidcMessageType;
}

/**
 * Opens the provider's sign-in in a 500×600 popup (api.md §8) and resolves with what the
 * callback page posts back. Only messages from that popup, on our own origin, count.
 * Must be called straight from a click, or the browser blocks the popup.
 */
export function openGooglePopup(): Promise<GooglePopupAnswer> {
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(
    oidcPaths.start,
    'shopdesk-google-sign-in',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.reject(new Error(oidcMessages.popupBlocked));
  popup.focus();

  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      finish();
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== popup || !isPopupMessage(event.data)) return;
      const { error, credential, profile } = event.data;
      if (typeof error === 'string') return settle(() => reject(new Error(error)));
      if (typeof credential !== 'string' || !profile?.email) return;
      const answer = {
        profile: { name: profile.name ?? '', email: profile.email, picture: profile.picture ?? '' },
        credential,
      };
      settle(() => resolve(answer));
    }
    // The page posts, then closes itself: give its message a moment to arrive first.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      window.setTimeout(() => settle(() => reject(new Error(oidcMessages.windowClosed))), pollMs);
    }, pollMs);
    window.addEventListener('message', onMessage);
  });
}
