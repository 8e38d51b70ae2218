import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/format';
import { LoadingText } from '../../../ui/loading-text';
import { LoadError } from '../../../ui/query-states';
import { PlaybackButton } from '../../playback';
import { useAssessmentFiles } from '../api/files';
import classes from './candidate-files.module.css';

/** The candidate's project files, read-only: a file list and the chosen file's text. */
export function CandidateFiles({ assessmentId }: { assessmentId: string }) {
  const { t } = useTranslation('recruiter');
  const files = useAssessmentFiles(assessmentId);
  const [selected, setSelected] = useState<string | null>(null);

  if (files.isPending) return <LoadingText text={t('files.loading')} />;
  if (files.isError) {
    return (
      <LoadError
        text={t('files.failed', { reason: errorMessage(files.error) })}
        onRetry={() => void files.refetch()}
      />
    );
  }

  const current = files.data.find((f) => f.fileName === selected) ?? files.data[0];
  if (!current) return <Text c="dimmed">{t('files.none')}</Text>;
  return (
    <div className={classes.layout}>
      <ul className={classes.list} aria-label={t('files.list')}>
        {files.data.map((file) => {
          const active = file.fileName === current.fileName;
          return (
            <li key={file.fileName}>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? 'indigo' : 'dark'}
                size="compact-sm"
                fullWidth
                justify="flex-start"
                aria-pressed={active}
                onClick={() => setSelected(file.fileName)}
                styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              >
                <span
                  style={file.change === 'deleted' ? { textDecoration: 'line-through' } : undefined}
                >
                  {file.fileName}
                </span>
                {file.change ? (
                  <Text span size="xs" c="dimmed" ml={6} data-testid="file-change">
                    {file.change === 'renamed'
                      ? t('files.renamedFrom', { path: file.renamedFrom })
                      : t(`files.change.${file.change}`)}
                  </Text>
                ) : null}
              </Button>
            </li>
          );
        })}
      </ul>
      <div style={{ minWidth: 0 }}>
        <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
          <Text size="xs" c="dimmed">
            {current.fileName} ·{' '}
            {current.editedAt !== null
              ? t('files.lastEdited', {
                  date: formatDateTime(new Date(current.editedAt).toISOString()),
                })
              : t('files.notEdited')}
          </Text>
          <PlaybackButton assessmentId={assessmentId} fileName={current.fileName} />
        </Group>
        {/* Focusable so keyboard users can scroll it; labelled so the region is announced. */}
        <section
          className={classes.viewer}
          aria-label={t('files.contents', { file: current.fileName })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          <pre className={classes.code}>{current.content || ' '}</pre>
        </section>
      </div>
    </div>
  );
}
