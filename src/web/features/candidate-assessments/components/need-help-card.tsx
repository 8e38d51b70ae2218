import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../../auth/api/get-public-config';
import { DashboardCard } from './dashboard-card';

/** The support address comes from the server's configuration (GET /api/config). */
export function NeedHelpCard() {
  const config = useQuery(publicConfigQueryOptions());
  const email = config.data?.supportEmail.trim();

  return (
    <DashboardCard title="Need Help?">
      <Text size="sm">
        Questions about an assessment or trouble with the workspace? Our support team is happy to
        help.
      </Text>
      {email ? (
        <Anchor href={`mailto:${email}`} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          Contact support at {email}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {config.isPending ? 'Loading contact details...' : 'Support contact is not available.'}
        </Text>
      )}
    </DashboardCard>
  );
}
