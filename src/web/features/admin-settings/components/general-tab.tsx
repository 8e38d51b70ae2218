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
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useSaveSettings, useSettings, useTemplates } from '../../assessments/api/templates';
import { useApiHealth } from '../api/health';
import { DURATION_OPTIONS } from '../lib/template-form';
import { type SaveStatus, SettingsSaveRow } from './settings-form';

function DurationSetting() {
  const settings = useSettings();
  const save = useSaveSettings();
  // null: follow the stored value; a string once the admin picks another option.
  const [choice, setChoice] = useState<string | null>(null);
  const [languageChoice, setLanguageChoice] = useState<Language | null>(null);
  const { t } = useTranslation();
  const [status, setStatus] = useState<SaveStatus>(null);

  if (settings.isPending) return <LoadingText text="Loading settings..." />;
  if (settings.isError) {
    return <FormError>Failed to load settings: {errorMessage(settings.error)}</FormError>;
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
          setStatus({
            ok: true,
            text: 'Settings saved. New templates now default to this duration.',
          });
        },
        onError: (error) =>
          setStatus({ ok: false, text: `Failed to save settings: ${errorMessage(error)}` }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Default assessment duration"
          description="New templates start with this duration; a template can still choose its own."
          data={DURATION_OPTIONS}
          value={value}
          onChange={(event) => {
            setChoice(event.currentTarget.value);
            setStatus(null);
          }}
        />
        <NativeSelect
          label={t('language.label')}
          description="New users start in it unless their browser asks for another of these; mails to people who never chose a language are written in it."
          data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
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

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** Only facts the app knows: the API's health check and the template counts. */
function SystemStatus() {
  const health = useApiHealth();
  const templates = useTemplates();
  const healthy = health.isSuccess && health.data.ok;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="md">
        System status
      </Title>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">API and database</Text>
          {health.isPending ? (
            <Text size="sm" c="dimmed">
              Checking...
            </Text>
          ) : (
            <Badge color={healthy ? STATUS_COLORS.ok : STATUS_COLORS.failed} variant="filled">
              {healthy ? 'Operational' : 'Not responding'}
            </Badge>
          )}
        </Group>
        {health.dataUpdatedAt || health.errorUpdatedAt ? (
          <Text size="xs" c="dimmed">
            Last checked at{' '}
            {timeFormat.format(Math.max(health.dataUpdatedAt, health.errorUpdatedAt))}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">Assessment templates</Text>
          <Text size="sm" fw={600}>
            {templates.data
              ? `${templates.data.length} (${templates.data.filter((t) => t.active).length} active)`
              : templates.isError
                ? 'Unavailable'
                : '...'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

export function GeneralTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="lg" mb="md">
          General settings
        </Title>
        <DurationSetting />
      </Paper>
      <SystemStatus />
    </SimpleGrid>
  );
}
