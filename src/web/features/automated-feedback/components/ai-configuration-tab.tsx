import { NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_DETAILS,
  type FeedbackDetail,
  type FeedbackSettings,
} from '../../../../domain/automated-feedback';
import { SettingsLoader, SettingsSaveRow, useSettingsForm } from '../../../ui/settings-form';
import { AiConnectionCard, AiSettingsCard } from '../../ai-review';
import { useFeedbackSettings, useSaveFeedbackSettings } from '../api/automated-feedback';

function FeedbackForm({ stored }: { stored: FeedbackSettings }) {
  const { t } = useTranslation('automated-feedback');
  const { draft, edit, submit, status, saving } = useSettingsForm(
    stored,
    useSaveFeedbackSettings(),
    t('settings.saved'),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('settings.automated')}
          description={t('settings.automatedDescription')}
          checked={draft.automatedFeedback}
          onChange={(e) => edit({ automatedFeedback: e.currentTarget.checked })}
        />
        <NativeSelect
          label={t('settings.detail')}
          description={t(`detailDescriptions.${draft.feedbackDetail}`)}
          data={FEEDBACK_DETAILS.map((d) => ({ value: d, label: t(`details.${d}`) }))}
          value={draft.feedbackDetail}
          disabled={!draft.automatedFeedback}
          onChange={(e) => edit({ feedbackDetail: e.currentTarget.value as FeedbackDetail })}
        />
        <Switch
          label={t('settings.share')}
          description={t('settings.shareDescription')}
          checked={draft.shareWithCandidate}
          disabled={!draft.automatedFeedback}
          onChange={(e) => edit({ shareWithCandidate: e.currentTarget.checked })}
        />
        <SettingsSaveRow saving={saving} status={status} />
      </Stack>
    </form>
  );
}

function FeedbackCard() {
  const { t } = useTranslation('automated-feedback');
  const settings = useFeedbackSettings();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="xs">
        {t('settings.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('settings.text')}
      </Text>
      <SettingsLoader query={settings}>
        {(stored) => <FeedbackForm stored={stored} />}
      </SettingsLoader>
    </Paper>
  );
}

/**
 * Admin settings, AI Configuration tab: automated feedback from test runs, and AI-assisted
 * review (off and why without AI_BASE_URL; else the connection, the model and the features).
 */
export function AiConfigurationTab() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FeedbackCard />
        <AiConnectionCard />
      </SimpleGrid>
      <AiSettingsCard />
    </Stack>
  );
}
