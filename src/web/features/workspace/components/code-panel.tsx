import { Alert, Text } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from '../../../ui/loading-text';
import type { SaveStatus } from '../lib/file-sync';
import type { PlaybackRecorder } from '../lib/playback-recorder';
import type { Cursor } from './code-editor';
import { EditorStatusBar } from './editor-status-bar';
import classes from './workspace.module.css';

/**
 * CodeMirror is most of the workspace's JavaScript: its own chunk, requested as soon as the
 * workspace loads (in parallel with the assessment), so the Tasks tab never waits for it.
 */
const loadEditor = () => import('./code-editor');
export const preloadEditor = () => void loadEditor();
const CodeEditor = lazy(() => loadEditor().then((m) => ({ default: m.CodeEditor })));

type CodePanelProps = {
  fileName: string;
  content: string;
  revision: number;
  readOnly: boolean;
  readOnlyReason: string | null;
  status: SaveStatus;
  error: string | null;
  onChange?: (fileName: string, content: string) => void;
  recorder?: PlaybackRecorder | null;
};

/** The Code Editor tab: a read-only notice when it applies, the editor and its status bar. */
export function CodePanel({
  fileName,
  content,
  revision,
  readOnly,
  readOnlyReason,
  status,
  error,
  onChange,
  recorder,
}: CodePanelProps) {
  const { t } = useTranslation('workspace');
  const [cursor, setCursor] = useState<Cursor>({ line: 1, col: 1 });
  const helpId = useId();
  const notice = readOnly && readOnlyReason;
  return (
    <div className={classes.codePanel}>
      {/* One line, no title (the status bar says "Read-only"): the editor keeps the room. It
          replaces the editing keys' help, which a read-only editor has no use for. */}
      {notice ? (
        <Alert color="gray" variant="light" mb={6} py={6} px="sm" data-testid="read-only-notice">
          <Text id={helpId} size="sm">
            {readOnlyReason}
          </Text>
        </Alert>
      ) : null}
      <div className={classes.editorFrame}>
        <div className={classes.editorBox}>
          <Suspense fallback={<LoadingText text={t('editor.loading')} />}>
            <CodeEditor
              fileName={fileName}
              content={content}
              revision={revision}
              readOnly={readOnly}
              describedBy={helpId}
              onChange={onChange}
              onCursor={setCursor}
              recorder={recorder}
            />
          </Suspense>
        </div>
        <EditorStatusBar
          fileName={fileName}
          cursor={cursor}
          status={status}
          error={error}
          readOnly={readOnly}
        />
      </div>
      {notice ? null : (
        <Text id={helpId} size="xs" c="dimmed" mt={6}>
          {t('editor.help')}
        </Text>
      )}
    </div>
  );
}
