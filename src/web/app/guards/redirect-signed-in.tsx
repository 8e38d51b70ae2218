import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { dashboardPath } from '../../../domain/roles';
import { forgetReturn, peekReturn } from '../../features/careers/lib/return-path';
import { useSessionState } from '../../lib/session';

/**
 * /login and /signup: a signed-in user goes to their dashboard instead, or back to the careers
 * job they were applying to when they signed up there (its verification link lands here).
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSessionState();
  const signedIn = session.status === 'signed-in' && Boolean(session.user.role);
  const back = signedIn ? peekReturn() : null;
  useEffect(() => {
    if (back) forgetReturn();
  }, [back]);
  if (session.status === 'signed-in' && session.user.role) {
    return <Navigate to={back ?? dashboardPath(session.user.role)} replace />;
  }
  // While the session loads the form is shown at once: the first screen stays fast.
  return children;
}
