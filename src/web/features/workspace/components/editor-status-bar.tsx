import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../../domain/assessments';
import type { SaveStatus } from '../lib/file-sync';
import { LANGUAGE_LABELS } from '../lib/language-labels';
import type { Cursor } from './code-editor';
import classes from './workspace.module.css';

/** A technical token, the same in every language. */
const ENCODING = 'UTF-8';

type EditorStatusBarProps = {
  fileName: string;
  cursor: Cursor;
  status: SaveStatus;
  error: string | null;
  readOnly: boolean;
};

/** Below the editor: cursor position, encoding, language and the save indicator. */
export function EditorStatusBar({
  fileName,
  cursor,
  status,
  error,
  readOnly,
}: EditorStatusBarProps) {
  const { t } = useTranslation('workspace');
  const language = languageOf(fileName);
  return (
    <Group className={classes.statusBar} justify="space-between" gap="xs" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <Text size="xs" span>
          {t('editor.position', { line: cursor.line, col: cursor.col })}
        </Text>
        <Text size="xs" span>
          {ENCODING}
        </Text>
        <Text size="xs" span visibleFrom="xs">
          {language === 'text' ? t('editor.plainText') : LANGUAGE_LABELS[language]}
        </Text>
      </Group>
      {/* A live region: the save result is announced without moving focus. */}
      <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
        {readOnly ? (
          <Text size="xs" span>
            {t('readOnly.title')}
          </Text>
        ) : status === 'idle' ? null : (
          <>
            <span className={classes.saveDot} data-status={status} aria-hidden="true" />
            <Text
              size="xs"
              span
              fw={status === 'error' ? 700 : undefined}
              c={status === 'error' ? 'red.9' : undefined}
            >
              {t(`save.${status}`)}
            </Text>
            {status === 'error' && error ? (
              <Text size="xs" span c="red.9" className={classes.saveDetail}>
                {t('save.errorDetail', { error })}
              </Text>
            ) : null}
          </>
        )}
      </Group>
    </Group>
  );
}
