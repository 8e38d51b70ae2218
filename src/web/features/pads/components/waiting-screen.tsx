import { Badge, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Pad } from '../../../../domain/pads';
import { LANGUAGE_NAMES } from '../lib/language-names';

/**
 * What the candidate sees until an interviewer is in the pad: who they wait for and the
 * language, so they know they are in the right place. The pad opens by itself when one joins.
 */
export function WaitingScreen({ pad }: { pad: Pad }) {
  const { t } = useTranslation('pads');
  const team = pad.people.filter((p) => p.role !== 'candidate').map((p) => p.name);
  return (
    <Paper withBorder p="lg" maw={560} mx="auto" w="100%">
      {/* The dots are a waiting animation, not a loading state: outside the status region,
          which announces who is awaited (the route walk reads a loader in one as loading). */}
      <Stack align="center" gap="sm" ta="center">
        <Loader type="dots" aria-hidden />
      </Stack>
      <Stack align="center" gap="sm" ta="center" role="status" mt="sm">
        <Title order={2} size="h3">
          {t('waitingTitle')}
        </Title>
        <Text>{t('waiting')}</Text>
        <Text size="sm" c="dimmed">
          {t('waitingFor', { names: team.join(', ') })}
        </Text>
        <Badge variant="light">{LANGUAGE_NAMES[pad.language]}</Badge>
      </Stack>
    </Paper>
  );
}
