import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job } from '../../../../domain/jobs';
import { MarkdownView } from '../../../ui/markdown-view';
import { PageHeader } from '../../../ui/page-header';
import { formatDate, JobMeta } from './job-badges';

type HeadedJob = Pick<
  Job,
  | 'title'
  | 'department'
  | 'locations'
  | 'workplaceType'
  | 'jobType'
  | 'experience'
  | 'salaryMin'
  | 'salaryMax'
  | 'currency'
  | 'openings'
  | 'closingDate'
> & { publishedAt: string | null };

/**
 * The top of a job's page, the same on the careers site and in the candidate's Browse Jobs:
 * the title and who hires, a way back, then the facts (department, place, salary, dates).
 */
export function JobHeader({
  job,
  hirer,
  back,
}: {
  job: HeadedJob;
  /** The line under the title: the company (or the recruiter when there is none). */
  hirer?: string;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation('jobs');
  return (
    <>
      <PageHeader title={job.title} description={hirer || undefined} />
      <Anchor component={Link} to={back.to} size="sm" mb="md" display="block">
        {back.label}
      </Anchor>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" mb="md">
        <Stack gap={6}>
          <JobMeta job={job} />
          <Text size="sm" c="dimmed">
            {t('postedOnCapital', { date: formatDate(job.publishedAt) })} ·{' '}
            {t('openings', { count: job.openings })}
            {job.closingDate ? ` · ${t('closesOn', { date: formatDate(job.closingDate) })}` : ''}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}

/** A job's description (its Markdown) in its own labelled section. */
export function JobDescription({ source }: { source: string }) {
  const { t } = useTranslation('jobs');
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-label={t('form.description')}
    >
      <MarkdownView source={source} empty={t('detail.noDescription')} />
    </Paper>
  );
}
