import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Assessment, deadlineMs } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { useSubmitAssessment } from '../../assessments';
import type { WorkspaceAccess } from '../lib/access';
import type { useAnswerSync } from './use-file-sync';
import type { WorkspaceFiles } from './use-workspace-files';

/**
 * Submitting: the confirmation dialog's state, every edit saved first, and the timer
 * running out submitting what is there (the server does the same on its side).
 */
export function useSubmission(
  assessment: Assessment,
  access: WorkspaceAccess,
  { tree, sync, recorder }: WorkspaceFiles,
  answerSync: ReturnType<typeof useAnswerSync>,
) {
  const { t } = useTranslation('workspace');
  const submit = useSubmitAssessment();
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function open() {
    setError(null);
    setConfirming(true);
  }

  /** Every edit of files and answers on the server first: submitting makes them read-only. */
  async function everythingSaved(): Promise<boolean> {
    await tree.flush();
    await Promise.all([sync.flush(), answerSync.flush()]);
    // The playback's events too (after the text, which they are checked against).
    const recorded = (await recorder?.flushAll()) ?? true;
    return !tree.hasPending() && !sync.hasPending() && !answerSync.hasPending() && recorded;
  }

  async function confirm() {
    setError(null);
    setSubmitting(true);
    if (!(await everythingSaved())) {
      setSubmitting(false);
      setError(t('submit.unsaved'));
      return;
    }
    submit.mutate(assessment.id, {
      onSuccess: () => setConfirming(false),
      onError: (e) => setError(errorMessage(e)),
      onSettled: () => setSubmitting(false),
    });
  }

  const deadline = access.canSubmit
    ? deadlineMs(assessment.startedAt, assessment.durationHours)
    : null;
  const latest = useRef({ everythingSaved, submit: submit.mutate });
  latest.current = { everythingSaved, submit: submit.mutate };
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setTimeout(
      () => {
        void latest.current.everythingSaved().finally(() => {
          latest.current.submit(assessment.id, { onError: () => {} });
        });
      },
      Math.max(0, deadline - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [deadline, assessment.id]);

  return {
    confirming,
    submitting,
    error,
    open,
    confirm,
    cancel: () => setConfirming(false),
  };
}
