import { messages } from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { redirectDelayMs } from '../../config/constants';
import { showAlert } from '../../lib/alerts';
import { api } from '../../lib/api-client';
import { markLoggedIn, setSigningOut } from '../../lib/session';
import { resetThemeMode } from '../../lib/theme-store';

/**
 * Logout per spec §4: revoke the token (a failure changes nothing for the user), clear
 * all local storage, say 'Logout successfull', go to /login two seconds later.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const isRunning = useRef(false);

  async function logout() {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsLoggingOut(true);
    setSigningOut(true);
    try {
      await api.post('/api/user/logout');
    } catch {
      // The token may already be expired or revoked; signing out locally is what matters.
    }
    localStorage.clear();
    queryClient.clear();
    showAlert('success', messages.logoutSuccess);
    setTimeout(() => {
      markLoggedIn();
      resetThemeMode();
      isRunning.current = false;
      setIsLoggingOut(false);
      navigate('/login');
      setSigningOut(false);
    }, redirectDelayMs);
  }

  return { logout, isLoggingOut };
}
