import { Badge, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
} from '../../../../domain/languages';
import { errorMessage } from '../../../api/http';
import { formatTime } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { type SaveStatus, SettingsSaveRow } from '../../../ui/settings-form';
import { useSaveSettings, useSettings, useTemplates } from '../../assessments';
import { useApiHealth } from '../api/health';
import { durationOptions } from '../lib/template-form';

function DurationSetting() {
  const settings = useSettings();
  const save = useSaveSettings();
  // null: follow the stored value; a string once the admin picks another option.
  const [choice, setChoice] = useState<string | null>(null);
  const [languageChoice, setLanguageChoice] = useState<Language | null>(null);
  const { t } = useTranslation('admin-settings');
  const [status, setStatus] = useState<SaveStatus>(null);

  if (settings.isPending) return <LoadingText text={t('settings.loading')} />;
  if (settings.isError) {
    return (
      <FormError>{t('settings.loadFailed', { reason: errorMessage(settings.error) })}</FormError>
    );
  }
  const value = choice ?? String(settings.data.defaultDurationHours);
  const language = languageChoice ?? settings.data.defaultLanguage ?? DEFAULT_LANGUAGE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate(
      { defaultDurationHours: Number(value), defaultLanguage: language },
      {
        onSuccess: () => {
          setChoice(null);
          setLanguageChoice(null);
          setStatus({ ok: true, text: t('general.saved') });
        },
        onError: (error) =>
          setStatus({ ok: false, text: t('settings.saveFailed', { reason: errorMessage(error) }) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('general.duration')}
          description={t('general.durationHint')}
          data={durationOptions((hours) => t('duration', { count: hours }))}
          value={value}
          onChange={(event) => {
            setChoice(event.currentTarget.value);
            setStatus(null);
          }}
        />
        <NativeSelect
          label={t('common:language.label')}
          description={t('general.languageHint')}
          data={LANGUAGES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
          value={language}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (isLanguage(picked)) setLanguageChoice(picked);
            setStatus(null);
          }}
        />
        <SettingsSaveRow saving={save.isPending} status={status} />
      </Stack>
    </form>
  );
}

// Dark fills: Mantine's light badges and its mid greens are below 4.5:1 for small text.
const STATUS_COLORS = { ok: 'teal.9', failed: 'red.9' };

/** Only facts the app knows: the API's health check and the template counts. */
function SystemStatus() {
  const { t } = useTranslation('admin-settings');
  const health = useApiHealth();
  const templates = useTemplates();
  const healthy = health.isSuccess && health.data.ok;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="md">
        {t('status.title')}
      </Title>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('status.api')}</Text>
          {health.isPending ? (
            <Text size="sm" c="dimmed">
              {t('status.checking')}
            </Text>
          ) : (
            <Badge color={healthy ? STATUS_COLORS.ok : STATUS_COLORS.failed} variant="filled">
              {healthy ? t('status.operational') : t('status.notResponding')}
            </Badge>
          )}
        </Group>
        {health.dataUpdatedAt || health.errorUpdatedAt ? (
          <Text size="xs" c="dimmed">
            {t('status.lastChecked', {
              time: formatTime(Math.max(health.dataUpdatedAt, health.errorUpdatedAt), {
                seconds: true,
              }),
            })}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('status.templates')}</Text>
          <Text size="sm" fw={600}>
            {templates.data
              ? t('status.templateCount', {
                  count: templates.data.length,
                  active: templates.data.filter((tp) => tp.active).length,
                })
              : templates.isError
                ? t('status.unavailable')
                : '...'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

export function GeneralTab() {
  const { t } = useTranslation('admin-settings');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="lg" mb="md">
          {t('general.title')}
        </Title>
        <DurationSetting />
      </Paper>
      <SystemStatus />
    </SimpleGrid>
  );
}
