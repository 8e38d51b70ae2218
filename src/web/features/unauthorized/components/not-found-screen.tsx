import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundScreen() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text size="lg">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.start')}
        </Button>
      </Stack>
    </Center>
  );
}
