import { useMutation } from '@tanstack/react-query';
import { LogoutCall } from '@oryx/contracts/account/calls';
import { call } from '../api/client';
import { navigateTo } from '../lib/navigate';
import { endSession } from '../api/end-session';

/**
 * Logout: the server revokes the token (GET /api/user/logout), then storage is cleared but the locale
 * and theme, and the user goes to the login page. A failed call still logs out locally.
 */
export async function logout(): Promise<void> {
  try {
    await call(LogoutCall, {}, { toast: false });
  } catch (err) {
    console.warn('logout call failed; ending the session locally', err);
  }
  endSession();
  navigateTo('/components/login');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
