import { Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type AutomatedFeedback,
  FEEDBACK_DETAIL_LABELS,
  OUTCOME_LABELS,
} from '../../../../domain/automated-feedback';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useAutomatedFeedback } from '../api/automated-feedback';

// Dark fills: light badges are below 4.5:1 for small text.
const OUTCOME_COLORS: Record<AutomatedFeedback['outcome'], string> = {
  passed: 'teal.9',
  failed: 'red.9',
  incomplete: 'orange.9',
};

function FeedbackBody({
  feedback: f,
  reviewer,
}: {
  feedback: AutomatedFeedback;
  reviewer: boolean;
}) {
  return (
    <Stack gap="xs" data-testid="automated-feedback" data-detail={f.detail}>
      <Group gap="sm" wrap="wrap">
        <Badge color={OUTCOME_COLORS[f.outcome]} variant="filled">
          {OUTCOME_LABELS[f.outcome]}
        </Badge>
        <Text size="sm" fw={600} data-testid="feedback-pass-rate">
          {f.passRate === null ? 'No tests ran' : `Pass rate ${f.passRate}%`}
        </Text>
        <Text size="sm">
          {f.passed} passed, {f.failed} failed
        </Text>
      </Group>
      {f.failures ? (
        f.failures.length === 0 ? (
          <Text size="sm">No failing tests.</Text>
        ) : (
          <div>
            <Text size="sm" fw={600}>
              Failing tests
            </Text>
            <List size="sm" spacing={4} data-testid="feedback-failures">
              {f.failures.map((x, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per reply, never reordered; names may repeat
                <List.Item key={`${i}-${x.name}`} style={{ overflowWrap: 'anywhere' }}>
                  {x.name}
                  {x.message !== undefined ? (
                    <Text size="xs" c="dimmed" component="div" style={{ whiteSpace: 'pre-wrap' }}>
                      {x.message}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
            {f.moreFailures ? (
              <Text size="xs" c="dimmed">
                and {f.moreFailures} more
              </Text>
            ) : null}
          </div>
        )
      ) : null}
      {f.output !== undefined ? (
        <div>
          <Text size="sm" fw={600}>
            Output{f.outputTruncated ? ' (start)' : ''}
          </Text>
          <Code
            block
            data-testid="feedback-output"
            style={{ maxHeight: '16rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
          >
            {f.output || '(no output)'}
          </Code>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        Detail: {FEEDBACK_DETAIL_LABELS[f.detail]}. From the newest finished test run
        {reviewer && f.includeHidden ? ' (with the hidden tests)' : ''}.
      </Text>
    </Stack>
  );
}

/**
 * Automated feedback from the test runs, at the admin's detail level (the server cuts it).
 * `hideWhenUnavailable`: the candidate's view shows nothing unless there is something to show.
 */
export function AutomatedFeedbackView({
  assessmentId,
  headingOrder = 3,
  hideWhenUnavailable = false,
}: {
  assessmentId: string;
  headingOrder?: 2 | 3 | 4;
  hideWhenUnavailable?: boolean;
}) {
  const query = useAutomatedFeedback(assessmentId);
  if (hideWhenUnavailable && !query.data?.feedback) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      // Not a named region: "Automated feedback" would also answer to the score form's
      // Feedback label for anyone finding fields by label.
      data-testid="automated-feedback-card"
    >
      <Title order={headingOrder} fz="sm" mb="xs">
        Automated feedback
      </Title>
      {query.isPending ? <LoadingText text="Loading automated feedback..." /> : null}
      {query.isError ? <FormError>{errorMessage(query.error)}</FormError> : null}
      {query.data?.feedback ? (
        <FeedbackBody feedback={query.data.feedback} reviewer={!hideWhenUnavailable} />
      ) : null}
      {query.data?.note ? (
        <Text size="sm" c="dimmed" mt={query.data.feedback ? 'xs' : 0} data-testid="feedback-note">
          {query.data.note}
        </Text>
      ) : null}
    </Paper>
  );
}
