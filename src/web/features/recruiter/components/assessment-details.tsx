import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ASSESSMENT_TEXTS,
  type Assessment,
  formatDuration,
  progressOf,
} from '../../../../domain/assessments';
import { ApiError } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useAssessment } from '../../assessments/api/assessments';
import { TestRunsPanel } from '../../test-runs/components/test-runs-panel';
import { formatDate, formatDateTime, hoursLabel } from '../lib/format';
import { CandidateFiles } from './candidate-files';
import { EvaluationForm } from './evaluation-form';
import { LoadError } from './query-states';
import { LightBadge, StatusBadge } from './status-badge';

type HeadingLevel = 2 | 3;

/**
 * Everything a recruiter reviews about one assessment: the View Details modal and
 * /recruiter/results?assessment={id} both render this. Reads through the detail query, so
 * it follows the candidate's work live.
 */
export function AssessmentDetails({ id, level }: { id: string; level: HeadingLevel }) {
  const query = useAssessment(id);
  if (query.isPending) return <LoadingText text={ASSESSMENT_TEXTS.loadingAssessment} />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <FormError>{ASSESSMENT_TEXTS.assessmentNotFound}</FormError>;
    if (status === 403) return <FormError>{ASSESSMENT_TEXTS.noPermission}</FormError>;
    return (
      <LoadError
        text={ASSESSMENT_TEXTS.errorLoadingAssessment}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <DetailsBody assessment={query.data} level={level} />;
}

function Section({
  title,
  level,
  children,
}: {
  title: string;
  level: HeadingLevel;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={level} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Time from the start to completion, when both are known. */
function timeTaken(a: Assessment): string | null {
  if (!a.startedAt || !a.completedDate) return null;
  const ms = new Date(a.completedDate).getTime() - new Date(a.startedAt).getTime();
  return Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : null;
}

function DetailsBody({ assessment: a, level }: { assessment: Assessment; level: HeadingLevel }) {
  const taken = timeTaken(a);
  const done = a.tasks.filter((t) => t.completed).length;
  return (
    <Stack gap="md">
      <Section title="Assessment Information" level={level}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label="Title">{a.title}</Field>
          <Field label="Role">{a.roleName}</Field>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Status
            </Text>
            <StatusBadge status={a.status} />
          </div>
          <Field label="Due Date">{formatDate(a.dueDate)}</Field>
          <Field label="Started">{formatDateTime(a.startedAt)}</Field>
          <Field label="Completed">{formatDateTime(a.completedDate)}</Field>
          <Field label="Duration">
            {hoursLabel(a.durationHours)} allowed{taken ? ` · took ${taken}` : ''}
          </Field>
          <Field label="Progress">{progressOf(a.tasks)}%</Field>
          <Field label="Assigned">{formatDate(a.createdAt)}</Field>
        </SimpleGrid>
        {a.message ? (
          <Text size="sm" mt="sm">
            Your message: {a.message}
          </Text>
        ) : null}
      </Section>

      <Section title="Candidate Information" level={level}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label="Name">{a.candidateName || 'Unnamed candidate'}</Field>
          <Field label="Email">{a.candidateEmail}</Field>
          {a.candidatePhone ? <Field label="Phone">{a.candidatePhone}</Field> : null}
        </SimpleGrid>
        <Button
          component={Link}
          to={`/messages/new?to=${encodeURIComponent(a.candidateId)}&subject=${encodeURIComponent(a.title)}`}
          variant="light"
          size="xs"
          mt="sm"
        >
          Message Candidate
        </Button>
      </Section>

      <Section title={`Tasks (${done} of ${a.tasks.length} completed)`} level={level}>
        {a.tasks.length === 0 ? (
          <Text c="dimmed">This assessment has no tasks.</Text>
        ) : (
          <List listStyleType="none" spacing="xs" aria-label="Tasks">
            {a.tasks.map((task) => (
              <List.Item key={task.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {task.title}
                    </Text>
                    {task.description ? (
                      <Text size="xs" c="dimmed">
                        {task.description}
                      </Text>
                    ) : null}
                  </div>
                  <LightBadge color={task.completed ? 'green' : 'gray'}>
                    {task.completed ? 'Completed' : 'Pending'}
                  </LightBadge>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Candidate Files" level={level}>
        <CandidateFiles assessmentId={a.id} />
      </Section>

      {/* Test runs feature: every run, and a run with the hidden tests. */}
      <TestRunsPanel assessmentId={a.id} canRun reviewer headingOrder={level} />

      <Section title="Evaluation" level={level}>
        <EvaluationForm key={a.id} assessment={a} />
      </Section>
    </Stack>
  );
}
