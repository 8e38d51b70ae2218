import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ASSESSMENT_TEXTS,
  type Assessment,
  formatDuration,
  hasWrittenAnswer,
  progressOf,
  type TaskAnswer,
} from '../../../../domain/assessments';
import { ApiError } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { MarkdownView } from '../../../ui/markdown-view';
import { useAssessmentAnswers } from '../../assessments/api/answers';
import { useAssessment } from '../../assessments/api/assessments';
import { AutomatedFeedbackView } from '../../automated-feedback/components/automated-feedback-view';
import { BlindIdentity } from '../../review/blind-identity';
import { SimilarityPanel } from '../../review/similarity-panel';
import { TestRunsPanel } from '../../test-runs/components/test-runs-panel';
import { formatDate, formatDateTime, hoursLabel } from '../lib/format';
import { CandidateFiles } from './candidate-files';
import { DueDateForm } from './due-date-form';
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

/** The candidate's written answer, beside its task: Markdown rendered for documents. */
function WrittenAnswer({
  type,
  answer,
  loading,
}: {
  type: 'text' | 'document';
  answer: TaskAnswer | undefined;
  loading: boolean;
}) {
  if (loading) return <LoadingText text="Loading answer..." />;
  const content = answer?.content ?? '';
  return (
    <Paper withBorder radius="sm" p="sm" mt={6} bg="gray.0" data-testid="written-answer">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {type === 'document' ? 'Document' : 'Answer'}
      </Text>
      {type === 'document' ? (
        <MarkdownView source={content} empty="No answer written." />
      ) : content.trim() ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No answer written.
        </Text>
      )}
    </Paper>
  );
}

function DetailsBody({ assessment: a, level }: { assessment: Assessment; level: HeadingLevel }) {
  const taken = timeTaken(a);
  const done = a.tasks.filter((t) => t.completed).length;
  const answers = useAssessmentAnswers(a.id);
  const submitted = a.status === 'completed';
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
          <Field label="Submitted">
            {formatDateTime(a.completedDate)}
            {a.submittedBy === 'timeout' ? ' (time ran out)' : ''}
          </Field>
          <Field label="Duration">
            {hoursLabel(a.durationHours)} allowed{taken ? ` · took ${taken}` : ''}
          </Field>
          <Field label="Progress (tasks ticked)">
            {progressOf(a.tasks)}% of tasks ticked
            <Text span size="xs" c="dimmed" display="block">
              0 % none ticked, 100 % all {a.tasks.length} ticked
            </Text>
          </Field>
          <Field label="Assigned">{formatDate(a.createdAt)}</Field>
        </SimpleGrid>
        {a.message ? (
          <Text size="sm" mt="sm">
            Your message: {a.message}
          </Text>
        ) : null}
        {submitted || (a.candidateId === null && !a.identityHidden) ? null : (
          <DueDateForm key={a.dueDate} assessment={a} />
        )}
      </Section>

      <Section title="Candidate Information" level={level}>
        {a.identityHidden ? (
          <BlindIdentity assessment={a} />
        ) : a.candidateId === null ? (
          <Text size="sm" data-testid="erased-candidate">
            <strong>{a.candidateName}</strong>: the candidate erased their account
            {a.candidateErasedAt ? ` on ${formatDate(a.candidateErasedAt)}` : ''}. The assessment is
            kept for your records without their name, e-mail or phone.
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <Field label="Name">{a.candidateName || 'Unnamed candidate'}</Field>
              <Field label="Email">{a.candidateEmail}</Field>
              {a.candidatePhone ? <Field label="Phone">{a.candidatePhone}</Field> : null}
            </SimpleGrid>
            <Button
              component={Link}
              to={`/messages/new?to=${encodeURIComponent(a.candidateId)}&subject=${encodeURIComponent(a.title)}&assessment=${encodeURIComponent(a.id)}`}
              variant="light"
              size="xs"
              mt="sm"
            >
              {ASSESSMENT_TEXTS.messageCandidate}
            </Button>
          </>
        )}
      </Section>

      <Section title={`Tasks (${done} of ${a.tasks.length} completed)`} level={level}>
        {a.tasks.length === 0 ? (
          <Text c="dimmed">This assessment has no tasks.</Text>
        ) : (
          <List
            listStyleType="none"
            spacing="xs"
            aria-label="Tasks"
            styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}
          >
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
                {task.type === 'text' || task.type === 'document' ? (
                  <WrittenAnswer
                    type={task.type}
                    answer={answers.data?.find((x) => x.taskId === task.id)}
                    loading={answers.isPending && hasWrittenAnswer(task.type)}
                  />
                ) : null}
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Candidate Files" level={level}>
        <CandidateFiles assessmentId={a.id} />
      </Section>

      {submitted ? <SimilarityPanel assessmentId={a.id} headingOrder={level} /> : null}

      {/* Test runs feature: every run, and a run with the hidden tests. */}
      <TestRunsPanel assessmentId={a.id} canRun reviewer headingOrder={level} />

      <Section title="Evaluation" level={level}>
        {submitted ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <EvaluationForm key={a.id} assessment={a} />
            {/* Automated feedback from the test runs, at the admin's detail level. */}
            <AutomatedFeedbackView assessmentId={a.id} headingOrder={level === 2 ? 3 : 4} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed" data-testid="evaluation-waiting">
            The evaluation form appears once the candidate submits the assessment.
          </Text>
        )}
      </Section>
    </Stack>
  );
}
