import '../styles';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobCard } from '../../../../domain/jobs';
import { PageHeader } from '../../../ui/page-header';
import { useActiveDepartments } from '../../departments';
import { useBrowseJobs } from '../api/jobs';
import { formatDate, JobMeta, READABLE } from './job-badges';
import { EMPTY, type Filters, JobFilters, toQuery } from './job-filters';
import { JobList } from './job-list';

/** Browse Jobs (/candidate/jobs): keyword search, filters, newest first. */
export function BrowseJobsScreen() {
  const { t } = useTranslation('jobs');
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const jobs = useBrowseJobs(toQuery(debounced));
  const departments = useActiveDepartments();

  return (
    <>
      <PageHeader title={t('browse.title')} description={t('browse.description')} />
      <JobFilters
        filters={filters}
        onChange={setFilters}
        departments={(departments.data ?? []).map((d) => d.name)}
      />

      <JobList jobs={jobs} card={(job) => <JobCardView job={job} />} />
    </>
  );
}

function JobCardView({ job }: { job: JobCard }) {
  const { t } = useTranslation('jobs');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            component={Link}
            to={`/candidate/jobs/${job.id}`}
            fw={600}
            fz="lg"
            // A long German compound in a title wraps instead of widening the page.
            style={{ overflowWrap: 'anywhere' }}
          >
            {job.title}
          </Anchor>
          {job.applied ? (
            <Badge color="green" variant="light" styles={READABLE}>
              {t('browse.applied')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {job.companyName || job.recruiterName}
          <Text span c="dimmed" size="sm">
            {' '}
            · {t('postedOn', { date: formatDate(job.publishedAt) })}
          </Text>
        </Text>
        <JobMeta job={job} />
        <Text size="sm" c="dimmed" lineClamp={2}>
          {job.excerpt}
        </Text>
      </Stack>
    </Paper>
  );
}
