import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { AutomatedFeedbackView } from '../../automated-feedback';
import type { WorkspaceAccess } from '../lib/access';
import { messageRecruiterHref } from '../lib/message-href';
import { SubmissionBanner } from './submission-banner';

/** The assessment's buttons in the workspace's toolbar: back, the tasks' toggle, submit, message. */
export function WorkspaceActions({
  assessment,
  access,
  allDone,
  togglingAll,
  toggleDisabled,
  onToggleAll,
  onSubmit,
}: {
  assessment: Assessment;
  access: WorkspaceAccess;
  allDone: boolean;
  togglingAll: boolean;
  toggleDisabled: boolean;
  onToggleAll: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('workspace');
  const messageHref = messageRecruiterHref(
    assessment,
    t('actions.messageSubject', { title: assessment.title }),
  );
  return (
    <Group gap="xs" wrap="wrap">
      <Button component={Link} to={access.backTo} variant="default" size="sm">
        {t('actions.back')}
      </Button>
      {access.canEditTasks ? (
        <Button
          variant="default"
          size="sm"
          onClick={onToggleAll}
          loading={togglingAll}
          disabled={toggleDisabled}
        >
          {allDone ? t('actions.markAllIncomplete') : t('actions.markAllComplete')}
        </Button>
      ) : null}
      {access.canSubmit ? (
        <Button size="sm" onClick={onSubmit}>
          {t('actions.submit')}
        </Button>
      ) : null}
      {access.isCandidate ? (
        <Button component={Link} to={messageHref} variant="light" size="sm">
          {t('actions.messageRecruiter')}
        </Button>
      ) : null}
    </Group>
  );
}

/** Submitted or reviewed: the workspace has notices above its panes. */
export const hasNotices = (assessment: Assessment) =>
  assessment.status === 'completed' || assessment.reviewedAt !== null;

/** The submission banner and, for the candidate, the shared review (see hasNotices). */
export function WorkspaceNotices({
  assessment,
  access,
}: {
  assessment: Assessment;
  access: WorkspaceAccess;
}) {
  return (
    <>
      <SubmissionBanner assessment={assessment} isCandidate={access.isCandidate} />
      {access.isCandidate && assessment.reviewedAt ? (
        // Shown with the score when the admin shares it (the server decides, and what).
        <Box mb="md">
          <AutomatedFeedbackView
            key={assessment.reviewedAt}
            assessmentId={assessment.id}
            headingOrder={2}
            hideWhenUnavailable
          />
        </Box>
      ) : null}
    </>
  );
}
