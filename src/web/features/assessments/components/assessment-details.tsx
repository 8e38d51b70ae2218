import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Assessment,
  formatDuration,
  hasWrittenAnswer,
  progressOf,
  type TaskAnswer,
} from '../../../../domain/assessments';
import { ApiError } from '../../../api/http';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { MarkdownView } from '../../../ui/markdown-view';
import { LoadError } from '../../../ui/query-states';
import { AiReviewPanel, ScoreSuggestionBesideForm } from '../../ai-review';
import { AutomatedFeedbackView } from '../../automated-feedback';
import { BlindIdentity, SimilarityPanel } from '../../review';
import { TestRunsPanel } from '../../test-runs';
import { useAssessmentAnswers } from '../api/answers';
import { useAssessment } from '../api/assessments';
import { CandidateFiles } from './candidate-files';
import { DueDateForm } from './due-date-form';
import { EvaluationForm } from './evaluation-form';
import { LightBadge, StatusBadge } from './status-badge';

type HeadingLevel = 2 | 3;

/**
 * Everything a recruiter reviews about one assessment: the View Details modal and
 * /recruiter/results?assessment={id} both render this. Reads through the detail query, so
 * it follows the candidate's work live.
 */
export function AssessmentDetails({ id, level }: { id: string; level: HeadingLevel }) {
  const { t } = useTranslation('recruiter');
  const query = useAssessment(id);
  if (query.isPending) return <LoadingText text={t('loadingAssessment')} />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <FormError>{t('assessmentNotFound')}</FormError>;
    if (status === 403) return <FormError>{t('noPermission')}</FormError>;
    return <LoadError text={t('errorLoadingAssessment')} onRetry={() => void query.refetch()} />;
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
  const { t } = useTranslation('recruiter');
  if (loading) return <LoadingText text={t('details.loadingAnswer')} />;
  const content = answer?.content ?? '';
  return (
    <Paper withBorder radius="sm" p="sm" mt={6} bg="gray.0" data-testid="written-answer">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {type === 'document' ? t('details.document') : t('details.answer')}
      </Text>
      {type === 'document' ? (
        <MarkdownView source={content} empty={t('details.noAnswer')} />
      ) : content.trim() ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('details.noAnswer')}
        </Text>
      )}
    </Paper>
  );
}

function DetailsBody({ assessment: a, level }: { assessment: Assessment; level: HeadingLevel }) {
  const { t } = useTranslation('recruiter');
  const taken = timeTaken(a);
  const done = a.tasks.filter((t) => t.completed).length;
  const answers = useAssessmentAnswers(a.id);
  const submitted = a.status === 'completed';
  return (
    <Stack gap="md">
      <Section title={t('details.information')} level={level}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label={t('details.title')}>{a.title}</Field>
          <Field label={t('details.role')}>{a.roleName}</Field>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('details.status')}
            </Text>
            <StatusBadge status={a.status} />
          </div>
          <Field label={t('details.dueDate')}>{formatDate(a.dueDate)}</Field>
          <Field label={t('details.started')}>{formatDateTime(a.startedAt)}</Field>
          <Field label={t('details.submitted')}>
            {formatDateTime(a.completedDate)}
            {a.submittedBy === 'timeout' ? t('details.timeRanOut') : ''}
          </Field>
          <Field label={t('details.duration')}>
            {t('details.allowed', { hours: t('hours', { count: a.durationHours }) })}
            {taken ? t('details.took', { time: taken }) : ''}
          </Field>
          <Field label={t('details.progress')}>
            {t('details.progressValue', {
              percent: formatNumber(progressOf(a.tasks) / 100, { style: 'percent' }),
            })}
            <Text span size="xs" c="dimmed" display="block">
              {t('details.progressHint', { count: a.tasks.length })}
            </Text>
          </Field>
          <Field label={t('details.assigned')}>{formatDate(a.createdAt)}</Field>
        </SimpleGrid>
        {a.message ? (
          <Text size="sm" mt="sm">
            {t('details.yourMessage', { message: a.message })}
          </Text>
        ) : null}
        {submitted || (a.candidateId === null && !a.identityHidden) ? null : (
          <DueDateForm key={a.dueDate} assessment={a} />
        )}
      </Section>

      <Section title={t('details.candidateInformation')} level={level}>
        {a.identityHidden ? (
          <BlindIdentity assessment={a} />
        ) : a.candidateId === null ? (
          <Text size="sm" data-testid="erased-candidate">
            <strong>{a.candidateName}</strong>
            {a.candidateErasedAt
              ? t('details.erasedOn', { date: formatDate(a.candidateErasedAt) })
              : t('details.erased')}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <Field label={t('details.name')}>{a.candidateName || t('unnamedCandidate')}</Field>
              <Field label={t('details.email')}>{a.candidateEmail}</Field>
              {a.candidatePhone ? (
                <Field label={t('details.phone')}>{a.candidatePhone}</Field>
              ) : null}
            </SimpleGrid>
            <Button
              component={Link}
              to={`/messages/new?to=${encodeURIComponent(a.candidateId)}&subject=${encodeURIComponent(a.title)}&assessment=${encodeURIComponent(a.id)}`}
              variant="light"
              size="xs"
              mt="sm"
            >
              {t('details.messageCandidate')}
            </Button>
          </>
        )}
      </Section>

      <Section title={t('details.tasksHeading', { done, total: a.tasks.length })} level={level}>
        {a.tasks.length === 0 ? (
          <Text c="dimmed">{t('details.noTasks')}</Text>
        ) : (
          <List
            listStyleType="none"
            spacing="xs"
            aria-label={t('details.tasks')}
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
                    {task.completed ? t('details.taskCompleted') : t('details.taskPending')}
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

      <Section title={t('details.candidateFiles')} level={level}>
        <CandidateFiles assessmentId={a.id} />
      </Section>

      {submitted ? <SimilarityPanel assessmentId={a.id} headingOrder={level} /> : null}

      {/* Test runs feature: every run, and a run with the hidden tests. */}
      <TestRunsPanel assessmentId={a.id} canRun reviewer headingOrder={level} />

      {/* AI-assisted review (issue 34): on request, the reviewer decides. */}
      <AiReviewPanel assessment={a} headingOrder={level} />

      <Section title={t('evaluation.heading')} level={level}>
        {submitted ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="sm">
              <ScoreSuggestionBesideForm assessment={a} />
              <EvaluationForm key={a.id} assessment={a} />
            </Stack>
            {/* Automated feedback from the test runs, at the admin's detail level. */}
            <AutomatedFeedbackView assessmentId={a.id} headingOrder={level === 2 ? 3 : 4} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed" data-testid="evaluation-waiting">
            {t('evaluation.waiting')}
          </Text>
        )}
      </Section>
    </Stack>
  );
}
