import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { dashboardPath } from '../../../domain/roles';
import { useSessionState } from '../../lib/session';

/** /login and /signup: a signed-in user goes to their dashboard instead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSessionState();
  if (session.status === 'signed-in' && session.user.role) {
    return <Navigate to={dashboardPath(session.user.role)} replace />;
  }
  // While the session loads the form is shown at once: the first screen stays fast.
  return children;
}
