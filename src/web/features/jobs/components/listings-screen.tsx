import '../styles';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedJob } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useManagedJobs } from '../api/jobs';
import { JobActionsMenu } from './job-actions-menu';
import { formatDate, JobMeta, JobStatusBadge } from './job-badges';
import { MissingCountry } from './missing-country';
import { StageCounts } from './stage-counts';

/** My Listings (/recruiter/job-listings): the recruiter's own jobs with their pipelines' counts. */
export function ListingsScreen() {
  const { t } = useTranslation('jobs');
  const jobs = useManagedJobs();
  const [actionError, setActionError] = useState<unknown>(null);
  return (
    <>
      <PageHeader title={t('listings.title')} description={t('listings.description')} />
      <Group justify="flex-end" mb="md">
        <Button component={Link} to="/recruiter/analytics" variant="default">
          {t('listings.analytics')}
        </Button>
        <Button component={Link} to="/recruiter/post-job">
          {t('post.title')}
        </Button>
      </Group>
      {actionError ? <FormError>{errorMessage(actionError)}</FormError> : null}
      {jobs.isPending ? <LoadingText text={t('loading.jobs')} /> : null}
      {jobs.isError ? <FormError>{errorMessage(jobs.error)}</FormError> : null}
      {jobs.data?.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('empty.listings')}</Text>
        </Paper>
      ) : null}
      <Stack gap="md">
        {jobs.data?.map((job) => (
          <ListingCard key={job.id} job={job} onError={setActionError} />
        ))}
      </Stack>
    </>
  );
}

function ListingCard({ job, onError }: { job: ManagedJob; onError: (e: unknown) => void }) {
  const { t } = useTranslation('jobs');
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="article"
      aria-label={job.title}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor
                component={Link}
                to={`/recruiter/job-listings/${job.id}`}
                fw={600}
                fz="lg"
                style={{ overflowWrap: 'anywhere' }}
              >
                {job.title}
              </Anchor>
              <JobStatusBadge status={job.status} />
              {job.newApplications > 0 ? (
                <Badge color="red.9" variant="filled">
                  {t('listings.newCount', { count: job.newApplications })}
                </Badge>
              ) : null}
            </Group>
            <JobMeta job={job} />
            <MissingCountry job={job} />
          </Stack>
          <JobActionsMenu job={job} onError={onError} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('applicationCount', { count: job.total })} ·{' '}
          {job.publishedAt
            ? t('postedOnCapital', { date: formatDate(job.publishedAt) })
            : t('createdOn', { date: formatDate(job.createdAt) })}
          {job.closingDate
            ? ` · ${t('closesOnCapital', { date: formatDate(job.closingDate) })}`
            : ''}
        </Text>
        <StageCounts counts={job.counts} />
      </Stack>
    </Paper>
  );
}
