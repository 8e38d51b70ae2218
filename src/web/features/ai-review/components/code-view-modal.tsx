import { Modal, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from '../../../ui/loading-text';
import { useAssessmentFiles } from '../../assessments/api/files';
import classes from './code-view.module.css';

export type CodeLocation = { file: string; start: number; end: number };

/**
 * A submitted file opened at a cited line, read-only: every line numbered, the cited ones
 * marked and scrolled into view. The panel's own view, so evidence opens beside the output
 * that cites it.
 */
export function CodeViewModal({
  assessmentId,
  location,
  onClose,
}: {
  assessmentId: string;
  location: CodeLocation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ai-reviewer');
  const title = location
    ? location.end > location.start
      ? t('code.titleRange', { file: location.file, start: location.start, end: location.end })
      : t('code.title', { file: location.file, line: location.start })
    : '';
  return (
    <Modal
      opened={location !== null}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('code.close') }}
    >
      {location ? <FileAtLine assessmentId={assessmentId} location={location} /> : null}
    </Modal>
  );
}

function FileAtLine({ assessmentId, location }: { assessmentId: string; location: CodeLocation }) {
  const { t } = useTranslation('ai-reviewer');
  const files = useAssessmentFiles(assessmentId);
  const first = useRef<HTMLDivElement>(null);
  const file = files.data?.find((f) => f.fileName === location.file);
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers do.
    if (file) first.current?.scrollIntoView?.({ block: 'center' });
  }, [file]);
  if (files.isPending) return <LoadingText text={t('code.loading')} />;
  if (!file) return <Text c="dimmed">{t('code.missing')}</Text>;
  const lines = file.content.split('\n');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={classes.viewer} aria-label={location.file} tabIndex={0}>
      <div className={classes.lines} data-testid="code-view">
        {lines.map((text, index) => {
          const n = index + 1;
          const marked = n >= location.start && n <= location.end;
          return (
            <div
              key={n}
              ref={n === location.start ? first : undefined}
              className={marked ? `${classes.line} ${classes.marked}` : classes.line}
              data-line={n}
              data-marked={marked || undefined}
            >
              <span className={classes.number} aria-hidden="true">
                {n}
              </span>
              <span className={classes.text}>{text || ' '}</span>
            </div>
          );
        })}
      </div>
    </section>
  );
}
