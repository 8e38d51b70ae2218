import '../styles';
import { Badge, FileInput, Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';
import {
  type ProjectRunner,
  STARTER_PROJECT_INFO,
  STARTER_PROJECT_KEYS,
  type StarterProjectKey,
  type TestLanguages,
  ZIP_LIMITS,
} from '../../../../domain/test-runs';
import { translateMessage } from '../../../lib/messages';
import { useTestLanguages } from '../api/test-runs';

const STARTER_LANGUAGE: Record<StarterProjectKey, ProjectRunner> = {
  typescript: 'node',
  javascript: 'node',
  python: 'python',
  go: 'go',
  java: 'java',
  sql: 'none',
};

/** "Python tests cannot run on this server" when the server lacks the language's toolchain (else null). */
function cannotRun(languages: TestLanguages | undefined, runner: ProjectRunner | undefined) {
  if (!runner || runner === 'none') return null;
  const entry = languages?.languages.find((l) => l.language === runner);
  return entry && !entry.available ? entry.reason : null;
}

export type ProjectChoice = {
  /** 'keep': leave an edited template's project as it is. */
  choice: 'keep' | StarterProjectKey | 'upload';
  file: File | null;
};

export const initialProjectChoice = (template: Template | null): ProjectChoice => ({
  choice: template ? 'keep' : 'typescript',
  file: null,
});

/** What the template body gets: a built-in project's key, or nothing (kept, or uploaded after). */
export function starterProjectInput(value: ProjectChoice) {
  return value.choice !== 'keep' && value.choice !== 'upload'
    ? { starterProject: value.choice }
    : {};
}

/** Client-side check before saving; the server checks the zip itself. */
export function projectChoiceError(value: ProjectChoice): string | null {
  if (value.choice !== 'upload') return null;
  if (!value.file) return 'Choose a zip file to upload';
  if (value.file.size > ZIP_LIMITS.maxZipBytes) return 'The zip file is too large (1 MB at most)';
  return null;
}

function RunsBadge({ runnable, blocked }: { runnable: boolean; blocked?: string | null }) {
  const { t } = useTranslation('test-runs');
  if (runnable && blocked) {
    return (
      <Badge
        size="sm"
        variant="light"
        color="orange"
        styles={{ label: { color: '#7a3d00', textTransform: 'none' } }}
      >
        {translateMessage(blocked)}
      </Badge>
    );
  }
  return (
    <Badge
      size="sm"
      variant="light"
      color={runnable ? 'green' : 'gray'}
      styles={{ label: { color: runnable ? '#1e5a2a' : 'var(--mantine-color-gray-9)' } }}
    >
      {runnable ? t('canRun') : t('noTests')}
    </Badge>
  );
}

/** The template form's choice of starter project (test runs feature). */
export function StarterProjectField({
  template,
  value,
  onChange,
  error,
}: {
  template: Template | null;
  value: ProjectChoice;
  onChange: (value: ProjectChoice) => void;
  error: string | null;
}) {
  const { t } = useTranslation('test-runs');
  const current = template?.project;
  const languages = useTestLanguages().data;
  const currentRuns =
    (current?.runner !== undefined && current.runner !== 'none') ||
    (!current?.runner && current?.files.some((f) => /\.test\.[jt]s$/.test(f.path)));
  return (
    <Radio.Group
      label={t('starter.label')}
      description={t('starter.description')}
      value={value.choice}
      onChange={(choice) => onChange({ ...value, choice: choice as ProjectChoice['choice'] })}
    >
      <Stack gap="xs" mt="xs">
        {current ? (
          <Radio
            value="keep"
            label={
              <Group gap="xs" wrap="wrap">
                <span>{t('starter.keep', { name: current.name })}</span>
                <RunsBadge
                  runnable={Boolean(currentRuns)}
                  blocked={cannotRun(languages, current?.runner ?? (currentRuns ? 'node' : 'none'))}
                />
              </Group>
            }
          />
        ) : null}
        {STARTER_PROJECT_KEYS.map((key) => (
          <Radio
            key={key}
            value={key}
            label={
              <Group gap="xs" wrap="wrap">
                <span>{t(`starter.projects.${key}.label`)}</span>
                <RunsBadge
                  runnable={STARTER_PROJECT_INFO[key].runnable}
                  blocked={cannotRun(languages, STARTER_LANGUAGE[key])}
                />
              </Group>
            }
            description={t(`starter.projects.${key}.description`)}
          />
        ))}
        <Radio
          value="upload"
          label={t('starter.upload')}
          description={t('starter.uploadDescription')}
        />
        {value.choice === 'upload' ? (
          <FileInput
            label={t('starter.zip')}
            accept=".zip,application/zip"
            clearable
            value={value.file}
            onChange={(file) => onChange({ ...value, file })}
            error={error && translateMessage(error)}
          />
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
