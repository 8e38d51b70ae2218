import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../../../domain/roles';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

/** /unauthorized: where a signed-in user of the wrong role lands. */
export function UnauthorizedScreen() {
  const { t } = useTranslation();
  usePageTitle(t('unauthorized.title'));
  const session = useSessionState();
  const home = session.status === 'signed-in' ? dashboardPath(session.user.role) : '/';
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{t('unauthorized.title')}</Title>
        <Text size="lg">{t('unauthorized.text')}</Text>
        <Button component={Link} to={home}>
          {t('unauthorized.back')}
        </Button>
      </Stack>
    </Center>
  );
}
