import { RequireSession } from '@/shared/session/require-session';

/**
 * A route group of pages that need a session and have no area layout of their own: without one the
 * visitor goes to the login page before the page renders, so none of its calls goes out anonymously.
 */
export default function SessionGate() {
  return <RequireSession />;
}
