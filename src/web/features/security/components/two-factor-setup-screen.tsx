import '../styles';
import { Alert, Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { useSessionState } from '../../../lib/session';
import { PageHeader } from '../../../ui/page-header';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** /two-factor/setup: where a user the admin requires two-factor of is sent until enrolled. */
export function TwoFactorSetupScreen() {
  const { t } = useTranslation('security');
  const session = useSessionState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Stack maw={640} mx="auto" gap={0}>
      <PageHeader title={t('setup.title')} description={t('setup.required')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <TwoFactorEnrolment
          onDone={() => {
            // Everything cached while refused is stale.
            void queryClient.invalidateQueries();
            navigate(dashboardPath(session.user?.role ?? null), { replace: true });
          }}
        />
      </Paper>
      <Alert mt="md" color="gray" variant="light">
        {t('setup.closed')}
      </Alert>
    </Stack>
  );
}
