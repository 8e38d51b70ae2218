import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../domain/constants';
import { markScreenShown } from '../../lib/after-first-paint';
import { useSessionState } from '../../lib/session';
import { PageSkeleton } from '../layout/shell-skeleton';

type RequireAuthProps = {
  /** Roles allowed here; any signed-in user when omitted. */
  roles?: readonly Role[];
  children: ReactNode;
  /**
   * The screen's header, when it needs only the session: rendered above the screen as soon as
   * the user may see it, while the screen's code still loads (the same element after).
   */
  header?: ReactNode;
};

/**
 * Guards a route: signed out -> /login, wrong role -> /unauthorized.
 * While the session is unknown it holds the screen's place (inside the painted shell)
 * instead of flashing the wrong page.
 */
export function RequireAuth({ roles, children, header }: RequireAuthProps) {
  const { t } = useTranslation('common');
  const session = useSessionState();
  const location = useLocation();
  // The screen appears once it can render: until its code is there the skeleton stays, rather
  // than a Suspense fallback, which React would keep for at least 300 ms.
  const ready = useDeferredValue(session.status !== 'loading');
  const allowed =
    session.status === 'signed-in' &&
    (!roles || (session.user.role !== null && roles.includes(session.user.role)));
  const showing = ready && allowed;
  // The layout's unseen parts (idle guard, realtime, toasts) wait for the screen's first paint.
  useEffect(() => {
    if (showing) markScreenShown();
  }, [showing]);

  if (session.status === 'loading' || (!ready && !(allowed && header))) {
    return <PageSkeleton label={t('loadingRole')} />;
  }
  if (session.status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!allowed) return <Navigate to="/unauthorized" replace />;
  if (!header) return children;
  return (
    <>
      {header}
      {ready ? children : <PageSkeleton label={t('loadingRole')} title={false} />}
    </>
  );
}
