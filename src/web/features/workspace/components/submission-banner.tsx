import { Alert, Group, Text } from '@mantine/core';
import { ASSESSMENT_TEXTS, type Assessment } from '../../../../domain/assessments';
import classes from './workspace.module.css';

/**
 * Above every tab, so the candidate sees it wherever they land: "Submitted, awaiting
 * review", then the score and the feedback once the recruiter reviewed it.
 */
export function SubmissionBanner({
  assessment: a,
  isCandidate,
}: {
  assessment: Assessment;
  isCandidate: boolean;
}) {
  if (a.status !== 'completed') return null;
  const byTimeout =
    a.submittedBy === 'timeout'
      ? isCandidate
        ? 'Your time ran out; your work was submitted as it stood.'
        : 'The time ran out; the work was submitted as it stood.'
      : null;
  if (!a.reviewedAt) {
    return (
      <Alert
        color="blue"
        variant="light"
        mb="md"
        title={ASSESSMENT_TEXTS.submittedAwaitingReview}
        data-testid="submission-banner"
      >
        {byTimeout ?? 'Your files and answers are read-only now.'}
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="light"
      mb="md"
      title="Reviewed"
      data-testid="submission-banner"
      // Darker than Mantine's green title, which reads below 4.5:1 on the light fill.
      styles={{ title: { color: '#1e6b30' } }}
    >
      <Group gap="xl" align="baseline">
        <Text fw={700} fz="lg">
          Score: {a.score === null ? 'N/A' : `${a.score} / 100`}
        </Text>
      </Group>
      {a.feedback ? (
        <Text size="sm" mt="xs" className={classes.preWrap}>
          {a.feedback}
        </Text>
      ) : null}
      {byTimeout ? (
        <Text size="xs" mt="xs" c="dimmed">
          {byTimeout}
        </Text>
      ) : null}
    </Alert>
  );
}
