import { SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ANSWER_CHARS, type Task } from '../../../../domain/assessments';
import { MarkdownView } from '../../../ui/markdown-view';
import type { DocView } from '../lib/file-sync';
import classes from './workspace.module.css';

type AnswerFieldProps = {
  task: Task;
  view: DocView | undefined;
  editable: boolean;
  onChange: (text: string) => void;
};

/**
 * The written answer of a text task (plain text) or a document task (Markdown with a
 * preview). Saved like the editor's files: one second after the last keystroke, kept in
 * the browser until the server has it.
 */
export function AnswerField({ task, view, editable, onChange }: AnswerFieldProps) {
  const { t } = useTranslation('workspace');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const statusId = useId();
  const content = view?.content ?? '';
  const isDocument = task.type === 'document';
  const label = isDocument ? t('answer.document') : t('answer.answer');

  const status =
    view && view.status !== 'idle' ? (
      <Text
        size="xs"
        id={statusId}
        role="status"
        aria-live="polite"
        c={view.status === 'error' ? 'red.9' : 'dimmed'}
        fw={view.status === 'error' ? 700 : undefined}
      >
        {t(`save.${view.status}`)}
        {view.status === 'error' && view.error ? `: ${view.error}` : ''}
      </Text>
    ) : null;

  const textarea = (
    <Textarea
      label={label}
      aria-label={t('answer.fieldLabel', { label, task: task.title })}
      value={content}
      onChange={(event) => onChange(event.currentTarget.value)}
      readOnly={!editable}
      autosize
      minRows={isDocument ? 6 : 3}
      maxRows={20}
      maxLength={MAX_ANSWER_CHARS}
      placeholder={
        editable
          ? isDocument
            ? t('answer.documentPlaceholder')
            : t('answer.answerPlaceholder')
          : undefined
      }
      styles={
        isDocument ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
      }
    />
  );

  if (!view) return <Text c="dimmed">{t('answer.loading')}</Text>;
  if (!isDocument) {
    return (
      <Stack gap={4}>
        {textarea}
        {status}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={mode}
        onChange={(value) => setMode(value === 'preview' ? 'preview' : 'write')}
        data={[
          { value: 'write', label: t('answer.write') },
          { value: 'preview', label: t('answer.preview') },
        ]}
        aria-label={t('answer.modeLabel', { task: task.title })}
      />
      {mode === 'write' ? (
        textarea
      ) : (
        <div className={classes.answerPreview}>
          <MarkdownView source={content} empty={t('answer.empty')} />
        </div>
      )}
      {status}
    </Stack>
  );
}
