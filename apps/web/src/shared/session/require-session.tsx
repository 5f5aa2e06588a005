import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPath } from '../lib/login-redirect';
import { useIsLoggedIn } from './session';

export interface RequireSessionProps {
  /** The guarded page; a route group's children (`<Outlet />`) when absent. */
  children?: ReactNode;
  /**
   * The page ends the session itself and leaves on its own (a password change logs every session out,
   * then goes to the login page): keep rendering it meanwhile instead of redirecting.
   */
  isEndingSession?: boolean;
}

/**
 * Pages that need a session (a session is a token in local storage): without one the visitor goes to
 * the login page, with the page asked for in its `redirect` query parameter (the login page comes back
 * to it). Re-renders on login and logout.
 */
export function RequireSession({ children, isEndingSession = false }: RequireSessionProps) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn && !isEndingSession) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children ?? <Outlet />;
}
