import { afterEach, describe, expect, it, vi } from 'vitest';
import { openGooglePopup } from './google-popup';

const profile = { name: 'Asha', email: 'asha@shop.test', picture: 'https://idp.test/a.png' };

function fakePopup() {
  const popup = { closed: false, focus: vi.fn() } as unknown as Window & { closed: boolean };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup);
  return { popup, open };
}

const post = (data: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('openGooglePopup', () => {
  it('opens /api/auth/oidc/start at 500×600 and takes only its own popup’s message on our origin', async () => {
    const { popup, open } = fakePopup();
    const answer = openGooglePopup();
    expect(open.mock.calls[0]?.[0]).toBe('/api/auth/oidc/start');
    expect(open.mock.calls[0]?.[2]).toContain('width=500,height=600');
    const message = { type: 'shopdesk-oidc', profile, credential: 'c.r.ed' };
    post({ ...message, credential: 'from.another.origin' }, 'https://evil.test', popup);
    post({ ...message, credential: 'from.another.window' }, window.location.origin, window);
    post({ ...message, type: 'something-else' }, window.location.origin, popup);
    post(message, window.location.origin, popup);
    await expect(answer).resolves.toEqual({ profile, credential: 'c.r.ed' });
  });

  it('rejects with the provider’s message', async () => {
    const { popup } = fakePopup();
    const answer = openGooglePopup();
    post({ type: 'shopdesk-oidc', error: 'access_denied by the user' }, window.location.origin, popup);
    await expect(answer).rejects.toThrow('access_denied by the user');
  });

  it('rejects with The sign-in window was closed when the popup closes without an answer', async () => {
    vi.useFakeTimers();
    const { popup } = fakePopup();
    const answer = openGooglePopup();
    const settled = expect(answer).rejects.toThrow('The sign-in window was closed');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
  });

  it('says so when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openGooglePopup()).rejects.toThrow('please allow pop-ups');
  });
});
