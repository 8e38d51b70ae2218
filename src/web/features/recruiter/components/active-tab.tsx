import { Anchor, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { completedNewestFirst, figuresOf } from '../lib/filters';
import { AssessmentCard } from './assessment-card';
import { EmptyState } from './query-states';
import { resultsHref, SubmissionsTable } from './submissions-table';

const RECENT_SUBMISSIONS = 5;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

type ActiveTabProps = {
  /** Filtered by position only: the figures describe the position, not the search. */
  forFigures: Assessment[];
  /** Filtered by position and search. */
  visible: Assessment[];
};

/** Assessments in progress, the latest submissions and the figures computed from them. */
export function ActiveTab({ forFigures, visible }: ActiveTabProps) {
  const figures = figuresOf(forFigures);
  const inProgress = visible.filter((a) => a.status === 'in-progress');
  const submissions = completedNewestFirst(visible).slice(0, RECENT_SUBMISSIONS);

  return (
    <Stack gap="lg">
      <section aria-labelledby="insights-heading">
        <Title order={2} fz="lg" mb="sm" id="insights-heading">
          Insights
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Figure label="Total assigned" value={String(figures.total)} />
          <Figure label="In progress" value={String(figures.inProgress)} />
          <Figure label="Completed" value={String(figures.completed)} />
          <Figure label="Completion rate" value={`${figures.completionRate}%`} />
          <Figure
            label="Average score"
            value={figures.averageScore === null ? '—' : String(figures.averageScore)}
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="in-progress-heading">
        <Title order={2} fz="lg" mb="sm" id="in-progress-heading">
          In Progress
        </Title>
        {inProgress.length === 0 ? (
          <EmptyState>No assessments in progress.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {inProgress.map((a) => (
              <AssessmentCard
                key={a.id}
                assessment={a}
                actions={
                  <Anchor component={Link} to={resultsHref(a.id)} size="sm">
                    View details
                    <VisuallyHidden component="span"> of {a.candidateName}</VisuallyHidden>
                  </Anchor>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="submissions-heading">
        <Title order={2} fz="lg" mb="sm" id="submissions-heading">
          Recent submissions
        </Title>
        {submissions.length === 0 ? (
          <EmptyState>No submissions yet.</EmptyState>
        ) : (
          <SubmissionsTable rows={submissions} />
        )}
      </section>
    </Stack>
  );
}
