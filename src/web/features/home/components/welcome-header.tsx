import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../../lib/session';
import { PageHeader } from '../../../ui/page-header';

type WelcomeHeaderProps = { fallbackName: string; description: string };

/** 'Welcome, {display name}' with the role's fallback when the name is empty. */
export function WelcomeHeader({ fallbackName, description }: WelcomeHeaderProps) {
  const { t } = useTranslation('dashboards');
  const session = useSessionState();
  const name = (session.status === 'signed-in' && session.user.name.trim()) || fallbackName;
  return <PageHeader title={t('welcome', { name })} description={description} />;
}
