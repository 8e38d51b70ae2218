import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { TEXTS } from '../../../../domain/texts';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

/** /unauthorized: where a signed-in user of the wrong role lands. */
export function UnauthorizedScreen() {
  usePageTitle('Access Denied');
  const session = useSessionState();
  const home = session.status === 'signed-in' ? dashboardPath(session.user.role) : '/';
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Access Denied</Title>
        <Text size="lg">{TEXTS.unauthorized}</Text>
        <Button component={Link} to={home}>
          {TEXTS.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
