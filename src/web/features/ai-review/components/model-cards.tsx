import { Button, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiModel } from '../../../../domain/ai-review';
import { errorMessage } from '../../../api/http';
import { formatNumber } from '../../../lib/format';
import { translateCoded } from '../../../lib/messages';
import { useTestModel } from '../api/admin';

const seconds = (ms: number) =>
  formatNumber(ms / 1000, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });

/** What Test found: valid JSON for our schema or not, and how long it took. */
function TestOutcome({ test, model }: { test: ReturnType<typeof useTestModel>; model: string }) {
  const { t } = useTranslation('ai-admin');
  if (test.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('settings.testFailed', { model, reason: errorMessage(test.error) })}
      </Text>
    );
  }
  if (!test.data) return null;
  const { ok, code, message, durationMs } = test.data;
  const duration = seconds(durationMs);
  // An answer that is not our JSON says so; any other failure says why, in the admin's
  // language (English is the server's own text).
  const text = ok
    ? t('settings.testOk', { model, duration })
    : code === 'ai-invalid-answer'
      ? t('settings.testInvalid', { model, duration })
      : t('settings.testError', {
          model,
          duration,
          reason: (code && translateCoded(code, {})) || message,
        });
  return (
    <Text size="sm" c={ok ? 'teal.9' : 'red.9'} role="status">
      {text}
    </Text>
  );
}

function ModelCard({ model }: { model: AiModel }) {
  const { t } = useTranslation('ai-admin');
  const test = useTestModel();
  const facts = [
    model.family ? t('settings.family', { value: model.family }) : null,
    model.size ? t('settings.size', { value: model.size }) : null,
    model.contextTokens
      ? t('settings.context', { value: formatNumber(model.contextTokens) })
      : null,
  ].filter((f): f is string => f !== null);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ai-model-card">
      <Stack gap={6}>
        <Radio value={model.id} label={model.id} styles={{ label: { fontWeight: 600 } }} />
        {facts.length > 0 ? (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            aria-label={t('settings.testModel', { model: model.id })}
            onClick={() => test.mutate(model.id)}
          >
            {t('settings.test')}
          </Button>
        </Group>
        <TestOutcome test={test} model={model.id} />
      </Stack>
    </Paper>
  );
}

/** The models the endpoint lists, one card each: pick one, test any. */
export function ModelCards({
  models,
  value,
  onChange,
}: {
  models: AiModel[];
  value: string | null;
  onChange: (model: string) => void;
}) {
  const { t } = useTranslation('ai-admin');
  return (
    <Radio.Group
      label={t('settings.model')}
      description={t('settings.modelHint')}
      value={value ?? ''}
      onChange={onChange}
    >
      {models.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('settings.noModels')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
          {models.map((m) => (
            <ModelCard key={m.id} model={m} />
          ))}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}
