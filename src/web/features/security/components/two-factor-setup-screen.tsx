import '../styles';
import { Alert, Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { SECURITY_TEXTS } from '../../../../domain/security';
import { useSessionState } from '../../../lib/session';
import { PageHeader } from '../../../ui/page-header';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** /two-factor/setup: where a user the admin requires two-factor of is sent until enrolled. */
export function TwoFactorSetupScreen() {
  const session = useSessionState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Stack maw={640} mx="auto" gap={0}>
      <PageHeader title="Set up two-factor sign-in" description={SECURITY_TEXTS.enrolRequired} />
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
        Until you finish, the rest of the app is closed to this sign-in.
      </Alert>
    </Stack>
  );
}
