import { Anchor, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { formatNumber } from '../../../lib/format';
import { EmptyState } from '../../../ui/query-states';
import { completedNewestFirst, figuresOf } from '../lib/filters';
import { AssessmentCard } from './assessment-card';
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
  const { t } = useTranslation('recruiter');
  const figures = figuresOf(forFigures);
  const inProgress = visible.filter((a) => a.status === 'in-progress');
  const submissions = completedNewestFirst(visible).slice(0, RECENT_SUBMISSIONS);

  return (
    <Stack gap="lg">
      <section aria-labelledby="insights-heading">
        <Title order={2} fz="lg" mb="sm" id="insights-heading">
          {t('active.insights')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Figure label={t('active.totalAssigned')} value={formatNumber(figures.total)} />
          <Figure label={t('active.inProgress')} value={formatNumber(figures.inProgress)} />
          <Figure label={t('active.completed')} value={formatNumber(figures.completed)} />
          <Figure
            label={t('active.completionRate')}
            value={formatNumber(figures.completionRate / 100, { style: 'percent' })}
          />
          <Figure
            label={t('active.averageScore')}
            value={figures.averageScore === null ? '—' : formatNumber(figures.averageScore)}
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="in-progress-heading">
        <Title order={2} fz="lg" mb="sm" id="in-progress-heading">
          {t('active.inProgressHeading')}
        </Title>
        {inProgress.length === 0 ? (
          <EmptyState>{t('active.noneInProgress')}</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {inProgress.map((a) => (
              <AssessmentCard
                key={a.id}
                assessment={a}
                actions={
                  <Anchor component={Link} to={resultsHref(a.id)} size="sm">
                    {t('active.viewDetails')}
                    <VisuallyHidden component="span">
                      {t('active.viewDetailsOf', { name: a.candidateName })}
                    </VisuallyHidden>
                  </Anchor>
                }
              />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="submissions-heading">
        <Title order={2} fz="lg" mb="sm" id="submissions-heading">
          {t('active.recentSubmissions')}
        </Title>
        {submissions.length === 0 ? (
          <EmptyState>{t('active.noSubmissions')}</EmptyState>
        ) : (
          <SubmissionsTable rows={submissions} label={t('active.recentSubmissions')} />
        )}
      </section>
    </Stack>
  );
}
