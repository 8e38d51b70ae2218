import {
  Alert,
  Fieldset,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AI_FEEDBACK_DETAILS,
  type AiConfig,
  type AiFeatures,
  type AiFeedbackDetail,
  type AiSettings,
  aiSettingsSchema,
  RUBRIC_TEXTS,
} from '../../../../domain/ai-review';
import { translateMessage } from '../../../lib/messages';
import { SettingsSaveRow, useSettingsForm } from '../../../ui/settings-form';
import { useAiConfig, useSaveAiSettings } from '../api/admin';
import { ModelCards } from './model-cards';

const FEATURES: (keyof AiFeatures)[] = [
  'rubric',
  'notes',
  'feedback',
  'questions',
  'afterSubmission',
];

function AiSettingsForm({ config }: { config: AiConfig }) {
  const { t } = useTranslation('ai-admin');
  const { draft, edit, submit, status, saving } = useSettingsForm<AiSettings>(
    config.settings,
    useSaveAiSettings(),
    t('settings.saved'),
  );
  const retentionValid = aiSettingsSchema.shape.retentionDays.safeParse(
    draft.retentionDays,
  ).success;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ModelCards
          models={config.models}
          value={draft.model}
          onChange={(model) => edit({ model })}
        />
        {draft.model ? null : (
          <Alert color="orange" variant="light">
            {t('settings.noModelChosen')}
          </Alert>
        )}
        <Fieldset legend={t('settings.features')} variant="unstyled">
          <Stack gap="sm">
            {FEATURES.map((feature) => (
              <Switch
                key={feature}
                label={t(`settings.feature.${feature}`)}
                description={t(`settings.feature.${feature}Hint`)}
                checked={draft.features[feature]}
                onChange={(e) =>
                  edit({ features: { ...draft.features, [feature]: e.currentTarget.checked } })
                }
              />
            ))}
          </Stack>
        </Fieldset>
        <NativeSelect
          label={t('settings.detail')}
          description={t(`settings.detailHints.${draft.detail}`)}
          data={AI_FEEDBACK_DETAILS.map((d) => ({ value: d, label: t(`settings.details.${d}`) }))}
          value={draft.detail}
          onChange={(e) => edit({ detail: e.currentTarget.value as AiFeedbackDetail })}
        />
        <NumberInput
          label={t('settings.retention')}
          description={t('settings.retentionHint')}
          min={1}
          max={3650}
          allowDecimal={false}
          maw={360}
          value={draft.retentionDays}
          error={retentionValid ? null : translateMessage(RUBRIC_TEXTS.retention)}
          onChange={(value) => edit({ retentionDays: typeof value === 'number' ? value : 0 })}
        />
        <SettingsSaveRow saving={saving} status={status} />
      </Stack>
    </form>
  );
}

/** AI Configuration's choices (only when an endpoint is configured): model, features, detail. */
export function AiSettingsCard() {
  const { t } = useTranslation('ai-admin');
  const config = useAiConfig();
  if (!config.data?.configured) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="ai-settings">
      <Title order={2} fz="lg" mb="xs">
        {t('settings.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('settings.text')}
      </Text>
      <AiSettingsForm config={config.data} />
    </Paper>
  );
}
