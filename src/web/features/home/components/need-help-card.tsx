import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from '../../../ui/dashboard-card';
import { publicConfigQueryOptions } from '../../auth';

/** The support address comes from the server's configuration (GET /api/config). */
export function NeedHelpCard() {
  const { t } = useTranslation('candidate-assessments');
  const config = useQuery(publicConfigQueryOptions());
  const email = config.data?.supportEmail.trim();

  return (
    <DashboardCard title={t('help.title')}>
      <Text size="sm">{t('help.text')}</Text>
      {email ? (
        <Anchor href={`mailto:${email}`} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('help.contact', { email })}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {config.isPending ? t('help.loading') : t('help.unavailable')}
        </Text>
      )}
    </DashboardCard>
  );
}
