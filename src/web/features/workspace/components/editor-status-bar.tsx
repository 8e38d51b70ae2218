import { Group, Text } from '@mantine/core';
import { ASSESSMENT_TEXTS, languageOf } from '../../../../domain/assessments';
import type { SaveStatus } from '../lib/file-sync';
import { LANGUAGE_LABELS } from '../lib/language-labels';
import type { Cursor } from './code-editor';
import classes from './workspace.module.css';

const SAVE_TEXT: Record<Exclude<SaveStatus, 'idle'>, string> = {
  saving: 'Saving...',
  saved: 'Saved',
  error: ASSESSMENT_TEXTS.errorSaving,
};

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
  return (
    <Group className={classes.statusBar} justify="space-between" gap="xs" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <Text size="xs" span>
          Ln {cursor.line}, Col {cursor.col}
        </Text>
        <Text size="xs" span>
          UTF-8
        </Text>
        <Text size="xs" span visibleFrom="xs">
          {LANGUAGE_LABELS[languageOf(fileName)]}
        </Text>
      </Group>
      {/* A live region: the save result is announced without moving focus. */}
      <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
        {readOnly ? (
          <Text size="xs" span>
            Read-only
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
              {SAVE_TEXT[status]}
            </Text>
            {status === 'error' && error ? (
              <Text size="xs" span c="red.9" className={classes.saveDetail}>
                ({error}; your text is kept in this browser and will be retried)
              </Text>
            ) : null}
          </>
        )}
      </Group>
    </Group>
  );
}
