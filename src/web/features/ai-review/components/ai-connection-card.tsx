import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiConfig } from '../../../../domain/ai-review';
import { errorMessage } from '../../../api/http';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useAiConfig } from '../api/admin';

const OFF_FEATURES = ['feedback', 'review', 'scoring'] as const;

/** AI_BASE_URL unset: the models are off, say why, and offer nothing to switch on. */
function OffCard() {
  const { t } = useTranslation('ai-admin');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('off.title')}
        </Title>
        <Badge color="gray.8" variant="filled">
          {t('off.badge')}
        </Badge>
      </Group>
      <Text size="sm" mb="sm" data-testid="ai-models-reason">
        {t('off.reason')}
      </Text>
      <List size="sm" spacing={4}>
        {OFF_FEATURES.map((f) => (
          <List.Item key={f}>{t(`off.features.${f}`)}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        {t('off.note')}
      </Text>
    </Paper>
  );
}

/** Today's token budget: unlimited, how much is used, or paused until the next UTC day. */
function Budget({ budget }: { budget: AiConfig['budget'] }) {
  const { t } = useTranslation('ai-admin');
  const used = formatNumber(budget.used);
  if (budget.limit === null) return <Text size="sm">{t('connection.noLimit', { used })}</Text>;
  const limit = formatNumber(budget.limit);
  if (budget.pausedUntil) {
    return (
      <Alert color="orange" variant="light" data-testid="ai-budget">
        {t('connection.paused', { limit, until: formatDateTime(budget.pausedUntil) })}
      </Alert>
    );
  }
  return (
    <Text size="sm" data-testid="ai-budget">
      {t('connection.used', { used, limit })}
    </Text>
  );
}

function OnCard({ config }: { config: AiConfig }) {
  const { t } = useTranslation('ai-admin');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="ai-connection">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('connection.title')}
        </Title>
        <Badge color={config.reachable ? 'teal.9' : 'red.9'} variant="filled">
          {config.reachable ? t('connection.connected') : t('connection.unreachable')}
        </Badge>
      </Group>
      <Stack gap="xs">
        <Text size="sm">
          {config.reachable
            ? t('connection.models', { count: config.models.length })
            : t('connection.down')}
        </Text>
        {config.lastError ? (
          <Text size="sm" c="red.9">
            {t('connection.lastError', { error: config.lastError })}
          </Text>
        ) : null}
        <Budget budget={config.budget} />
      </Stack>
    </Paper>
  );
}

/** AI Configuration's status: off (and why), or the endpoint's connection and today's budget. */
export function AiConnectionCard() {
  const { t } = useTranslation('ai-admin');
  const config = useAiConfig();
  if (config.isPending) return <LoadingText text={t('connection.loading')} />;
  if (config.isError) {
    return (
      <FormError>{t('connection.loadFailed', { reason: errorMessage(config.error) })}</FormError>
    );
  }
  return config.data.configured ? <OnCard config={config.data} /> : <OffCard />;
}
