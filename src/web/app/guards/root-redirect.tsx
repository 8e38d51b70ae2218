import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { dashboardPath } from '../../../domain/roles';
import { useSessionState } from '../../lib/session';
import { LoadingText } from '../../ui/loading-text';

/** '/': signed out -> /login, otherwise the role's dashboard. */
export function RootRedirect() {
  const { t } = useTranslation('common');
  const session = useSessionState();
  if (session.status === 'loading') return <LoadingText text={t('loading')} />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  if (!session.user.role) return <Navigate to="/unauthorized" replace />;
  return <Navigate to={dashboardPath(session.user.role)} replace />;
}
